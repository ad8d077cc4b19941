import { Controller, Get, HttpCode, NotFoundException, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { UploadDto } from '@souvenir/contracts';
import type { Request, Response } from 'express';
import { MediaConfig } from '../config/media.config';
import { ImageJobs } from '../images/image-jobs';
import { MEDIA_KEY, MediaStorage } from '../storage/media-storage';
import { MediaBusyException } from './busy.exception';
import { PrivateEvidenceGuard } from './private-evidence';
import { readOneFile } from './read-one-file';
import { UploadMemoryBudget } from './upload-memory-budget';
import { UploadRules } from './upload-rules';
import { UploaderSession } from './uploader-session';
import { UploadsInFlight } from './uploads-in-flight';
import { UploadsService } from './uploads.service';

/** Stored objects never change (content-addressed keys): browsers and CDNs keep them a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The public routes of media; the ingress (and `npm start`'s gateway, as a proxy) sends both paths here. */
@Controller()
export class UploadsController {
  constructor(
    private readonly session: UploaderSession,
    private readonly rules: UploadRules,
    private readonly uploads: UploadsService,
    private readonly storage: MediaStorage,
    private readonly jobs: ImageJobs,
    private readonly budget: UploadMemoryBudget,
    private readonly inFlight: UploadsInFlight,
    private readonly config: MediaConfig,
  ) {}

  /** One photo in the multipart field `file`: 201 with its id, the URL of each size and the placeholder. */
  @Post('api/uploads')
  @HttpCode(201)
  async upload(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UploadDto> {
    this.rules.checkOrigin(req);
    const userId = await this.session.userId(req);
    // Before the body is read or the user's allowance counted: a refusal here costs neither.
    const place = this.inFlight.enter(userId, req.ip ?? '');
    const claim = this.budget.claim();
    try {
      if (!this.jobs.hasRoom()) throw new MediaBusyException();
      await this.rules.countUpload(userId, res);
      const file = await readOneFile(req, { claim, idleMs: this.config.MEDIA_BODY_IDLE_SECONDS * 1000 });
      return await this.uploads.upload(userId, file);
    } finally {
      claim.release();
      place.leave();
    }
  }

  @Get('media/:key')
  @UseGuards(PrivateEvidenceGuard)
  async serve(@Param('key') key: string, @Res() res: Response): Promise<void> {
    const stream = MEDIA_KEY.test(key) ? await this.storage.read(key) : null;
    if (!stream) throw new NotFoundException('No such image');
    res.setHeader('Content-Type', 'image/webp');
    // An evidence photo's guard has made its answer private already (it must not sit in a shared cache).
    if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}
