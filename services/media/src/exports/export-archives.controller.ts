import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UploaderSession } from '../uploads/uploader-session';
import { ExportArchivesService } from './export-archives.service';

const TOKEN_HEADER = 'x-export-token';
const token = (req: Request) => req.header(TOKEN_HEADER);

/**
 * Internal routes (no ingress sends `/internal/` here): identity's job stores an archive and reads the person's photos;
 * the gateway streams a download, passing the person's cookie on, which is checked here again.
 */
@Controller('internal/exports')
export class ExportArchivesController {
  constructor(
    private readonly archives: ExportArchivesService,
    private readonly session: UploaderSession,
  ) {}

  @Put(':id')
  @HttpCode(201)
  async store(@Param('id', ParseUUIDPipe) id: string, @Req() req: Request): Promise<{ ok: true }> {
    await this.archives.store(id, token(req), req);
    return { ok: true };
  }

  @Get(':id/photos/:key')
  async photo(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('key') key: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const stream = await this.archives.photo(id, token(req), key);
    res.setHeader('Content-Type', 'image/webp');
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  @Get(':id')
  async download(@Param('id', ParseUUIDPipe) id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const userId = await this.session.userId(req);
    const { stream, bytes } = await this.archives.download(userId, id);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Length', String(bytes));
    res.setHeader('Content-Disposition', `attachment; filename="souvenir-swap-data-${id}.zip"`);
    res.setHeader('Cache-Control', 'private, no-store');
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  }
}
