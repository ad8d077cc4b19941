import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.notifications.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.notifications.exportUserData>) {
    return userExportPage(this.db, NOTIFICATIONS_EXPORT_SECTIONS, request);
  }
}
