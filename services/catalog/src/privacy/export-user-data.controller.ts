import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { CATALOG_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.catalog.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.catalog.exportUserData>) {
    return userExportPage(this.db, CATALOG_EXPORT_SECTIONS, request);
  }
}
