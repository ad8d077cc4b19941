import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler, userExportPage } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { MEDIA_EXPORT_SECTIONS } from './export-sections';

@Controller()
export class ExportUserDataController {
  constructor(private readonly db: DataSource) {}

  @RpcHandler(RPC.media.exportUserData)
  exportUserData(request: RpcRequest<typeof RPC.media.exportUserData>) {
    return userExportPage(this.db, MEDIA_EXPORT_SECTIONS, request);
  }
}
