import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { ALERTS_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.alerts.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.alerts.exportUserData>) {
    return userExportPage(this.db, ALERTS_EXPORT_SECTIONS, request);
  }
}
