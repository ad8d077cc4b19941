import { request as httpRequest } from 'node:http';
import { Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { RPC, type DataExportDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { GatewayConfig } from '../../config/gateway.config';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/** A download that goes quiet this long is dropped (media reads from its own disk or bucket). */
const IDLE_MS = 30_000;

/**
 * "Download my data": identity owns the request and its job; media stores the archive. A download is streamed from
 * media as it arrives (never buffered here) once identity has said the export is the caller's, ready and unexpired;
 * the person's cookie goes along and media checks it again.
 */
@Controller('api/me/export')
export class DataExportController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly config: GatewayConfig,
  ) {}

  @Post()
  @WriteLimit('dataExports')
  @UseGuards(AuthGuard)
  @HttpCode(202)
  request(@ActorId() actorId: string): Promise<DataExportDto> {
    return this.rpc.send(RPC.identity.requestDataExport, { actorId });
  }

  @Get()
  @UseGuards(AuthGuard)
  async latest(@ActorId() actorId: string): Promise<{ export: DataExportDto | null }> {
    return { export: await this.rpc.send(RPC.identity.latestDataExport, { actorId }) };
  }

  @Get(':id')
  @UseGuards(AuthGuard)
  async download(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Export')) exportId: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.rpc.send(RPC.identity.getDataExport, { actorId, exportId });
    const upstream = httpRequest(
      new URL(`/internal/exports/${exportId}`, this.config.MEDIA_INTERNAL_URL),
      { headers: { cookie: req.headers.cookie ?? '' }, timeout: IDLE_MS },
      (answer) => {
        if (answer.statusCode !== 200) {
          answer.resume();
          const status = answer.statusCode === 404 ? 404 : 503;
          res.status(status).json({ statusCode: status, message: status === 404 ? 'Export not found' : UNAVAILABLE });
          return;
        }
        res.writeHead(200, {
          'content-type': 'application/zip',
          'content-disposition': answer.headers['content-disposition'] ?? 'attachment',
          ...(answer.headers['content-length'] && { 'content-length': answer.headers['content-length'] }),
          'cache-control': 'private, no-store',
        });
        answer.on('error', () => res.destroy());
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy());
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      res.status(503).json({ statusCode: 503, message: UNAVAILABLE });
    });
    res.on('close', () => upstream.destroy());
    upstream.end();
  }
}

const UNAVAILABLE = 'Your data is unavailable right now. Please try again.';
