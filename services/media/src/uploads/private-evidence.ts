import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEvidenceSignatureValid } from '@souvenir/platform';
import type { Request, Response } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { MediaConfig } from '../config/media.config';
import { MEDIA_KEY } from '../storage/media-storage';
import { hashesInImageUrls } from './media-urls';

export const EVIDENCE_LINK_REFUSED =
  'This document is private. Open it from the page that shows it to you (its links last a few minutes).';

/**
 * Records which photos are evidence (issue 35), from the events that name them: a listing's documents and a claim's
 * photos are; a listing's own photos are public, and a photo any listing shows stays public (public wins, so a buyer
 * who attaches a listing's photo to a claim does not hide the listing's photo).
 */
export async function recordPhotoAccess(
  manager: EntityManager,
  named: { shown?: readonly string[]; evidence?: readonly string[] },
): Promise<void> {
  const shown = hashesInImageUrls(named.shown ?? []);
  const evidence = hashesInImageUrls(named.evidence ?? []).filter((hash) => !shown.includes(hash));
  if (shown.length)
    await manager.query(
      `INSERT INTO media.photo_access (hash, evidence) SELECT unnest($1::text[]), false
       ON CONFLICT (hash) DO UPDATE SET evidence = false`,
      [shown],
    );
  if (evidence.length)
    await manager.query(
      `INSERT INTO media.photo_access (hash, evidence) SELECT unnest($1::text[]), true ON CONFLICT (hash) DO NOTHING`,
      [evidence],
    );
}

/**
 * `GET /media/<key>` of an evidence photo needs the signature the gateway adds for its entitled viewers (libs/platform
 * evidence-urls): 403 with a sentence otherwise, and never a shared cache (the answer is private, kept only until the
 * link expires). Every other photo passes as before.
 */
@Injectable()
export class PrivateEvidenceGuard implements CanActivate {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
      const rows: { evidence: boolean }[] = await this.dataSource.query(
        `SELECT evidence FROM media.photo_access WHERE hash = $1`,
        [hash],
      );
      return rows[0]?.evidence ?? false;
    } catch {
      throw new ServiceUnavailableException('Photos are unavailable right now. Please try again.');
    }
  }
}
