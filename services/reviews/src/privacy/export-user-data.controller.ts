import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { REVIEWS_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.reviews.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.reviews.exportUserData>) {
    return userExportPage(this.db, REVIEWS_EXPORT_SECTIONS, request);
  }
}
