import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  ServiceUnavailableException,
} from '@nestjs/common';
import { isEvidenceSignatureValid } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { MediaConfig } from '../config/media.config';
import { MEDIA_KEY } from '../storage/media-storage';
import { PhotoAccessRepository } from './photo-access.repository';

export const EVIDENCE_LINK_REFUSED =
  'This document is private. Open it from the page that shows it to you (its links last a few minutes).';

/**
 * `GET /media/<key>` of an evidence photo needs the signature the gateway adds for its entitled viewers (libs/platform
 * evidence-urls): 403 with a sentence otherwise, and never a shared cache (the answer is private, kept only until the
 * link expires). Every other photo passes as before.
 */
@Injectable()
export class PrivateEvidenceGuard implements CanActivate {
  constructor(
    private readonly photoAccess: PhotoAccessRepository,
    private readonly config: MediaConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const key = String(req.params.key ?? '');
    if (!MEDIA_KEY.test(key)) return true; // the route answers 404
    const hash = key.slice(0, key.indexOf('-'));
    if (!(await this.isEvidence(hash))) return true;
    const { expires, signature } = req.query;
    if (!isEvidenceSignatureValid(hash, expires, signature, this.config.SESSION_SECRET))
      throw new ForbiddenException(EVIDENCE_LINK_REFUSED);
    const seconds = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', `private, max-age=${seconds}`);
    return true;
  }

  /** Fails closed: without the database nobody can tell evidence from a listing photo (503, retried by the browser). */
  private async isEvidence(hash: string): Promise<boolean> {
    try {
      return await this.photoAccess.isEvidence(hash);
    } catch {
      throw new ServiceUnavailableException('Photos are unavailable right now. Please try again.');
    }
  }
}
