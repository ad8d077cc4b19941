import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { IDENTITY_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.identity.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.identity.exportUserData>) {
    return userExportPage(this.db, IDENTITY_EXPORT_SECTIONS, request);
  }
}
