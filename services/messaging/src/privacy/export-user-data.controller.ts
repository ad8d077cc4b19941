import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { MESSAGING_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.messaging.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.messaging.exportUserData>) {
    return userExportPage(this.db, MESSAGING_EXPORT_SECTIONS, request);
  }
}
