import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { ExportRequestsService } from './export-requests.service';

@Controller()
export class ExportRequestsController {
  constructor(private readonly exports: ExportRequestsService) {}

  @RpcHandler(RPC.identity.requestDataExport)
  request(request: RpcRequest<typeof RPC.identity.requestDataExport>) {
    return this.exports.request(request.actorId);
  }

  @RpcHandler(RPC.identity.latestDataExport)
  latest(request: RpcRequest<typeof RPC.identity.latestDataExport>) {
    return this.exports.latest(request.actorId);
  }

  @RpcHandler(RPC.identity.getDataExport)
  get(request: RpcRequest<typeof RPC.identity.getDataExport>) {
    return this.exports.get(request);
  }

  @RpcHandler(RPC.identity.authorizeExportUpload)
  authorizeUpload(request: RpcRequest<typeof RPC.identity.authorizeExportUpload>) {
    return this.exports.authorizeUpload(request);
  }
}
