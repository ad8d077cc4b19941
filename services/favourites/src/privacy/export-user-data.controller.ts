import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { FAVOURITES_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.favourites.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.favourites.exportUserData>) {
    return userExportPage(this.db, FAVOURITES_EXPORT_SECTIONS, request);
  }
}
