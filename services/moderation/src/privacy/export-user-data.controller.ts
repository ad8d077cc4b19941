import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { MODERATION_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.moderation.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.moderation.exportUserData>) {
    return userExportPage(this.db, MODERATION_EXPORT_SECTIONS, request);
  }
}
