import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { PAYMENTS_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.payments.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.payments.exportUserData>) {
    return userExportPage(this.db, PAYMENTS_EXPORT_SECTIONS, request);
  }
}
