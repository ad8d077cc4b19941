import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DATA_EXPORT_VALID_DAYS,
  ErrorCode,
  EVENTS,
  type AuthorizeExportUploadRequest,
  type DataExportDto,
  type ExportUploadGrant,
  type GetDataExportRequest,
} from '@souvenir/contracts';
import { DomainError, Outbox } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { ExportArchiveWriter } from './export-archive';
import { ExportJobQueue } from './export-job-queue';
import { ExportRequestsRepository, type ExportRequestRow } from './export-requests.repository';

export const EXPORT_JOB = 'identity.data-export.build';

const DAY_MS = 86_400_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function toDataExportDto(row: ExportRequestRow): DataExportDto {
  // Expired from the instant its date passes, not from the schedule's next run.
  const lapsed = row.status === 'ready' && (!row.expires_at || row.expires_at <= new Date());
  const ready = row.status === 'ready' && !lapsed;
  return {
    id: row.id,
    status: lapsed ? 'expired' : row.status,
    createdAt: row.created_at.toISOString(),
    readyAt: ready && row.ready_at ? row.ready_at.toISOString() : null,
    expiresAt: ready && row.expires_at ? row.expires_at.toISOString() : null,
  };
}

/** A person's data export: requested here, built by a pg-boss job, downloadable for a week. */
@Injectable()
export class ExportRequestsService {
  private readonly logger = new Logger('DataExport');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly requests: ExportRequestsRepository,
    private readonly jobs: ExportJobQueue,
    private readonly archive: ExportArchiveWriter,
    private readonly outbox: Outbox,
  ) {}

  /** The job is created in the row's transaction: a pending request always has its job, and only one. */
  request(actorId: string): Promise<DataExportDto> {
    return this.dataSource.transaction(async (manager) => {
      const { row, created } = await this.requests.createPending(manager, actorId);
      if (created) await this.jobs.sendInTransaction(manager, EXPORT_JOB, { exportId: row.id });
      return toDataExportDto(row);
    });
  }

  async latest(actorId: string): Promise<DataExportDto | null> {
    const row = await this.requests.latest(this.dataSource.manager, actorId);
    return row ? toDataExportDto(row) : null;
  }

  /** Only its owner's, only ready and unexpired: anything else is the same NOT_FOUND, telling nobody it exists. */
  async get({ actorId, exportId }: GetDataExportRequest): Promise<DataExportDto> {
    const row = await this.requests.find(this.dataSource.manager, exportId);
    if (!row || row.user_id !== actorId || row.status !== 'ready' || !row.expires_at || row.expires_at <= new Date()) {
      throw new DomainError(ErrorCode.NotFound, 'No such export');
    }
    return toDataExportDto(row);
  }

  async authorizeUpload({ exportId, token }: AuthorizeExportUploadRequest): Promise<ExportUploadGrant> {
    const row = await this.requests.find(this.dataSource.manager, exportId);
    const expected = row?.status === 'pending' ? row.upload_token_hash : null;
    const given = hashOf(token);
    if (!row || !expected || !row.expires_at || !timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
      throw new DomainError(ErrorCode.Forbidden, 'This upload is not expected');
    }
    return { userId: row.user_id, expiresAt: row.expires_at.toISOString() };
  }

  /**
   * The job: the archive is written and stored by media, then the request is ready and the person told (in one
   * transaction with the event). A failure marks it failed, freeing the person to ask again, rather than retrying
   * a half-sent archive.
   */
  async build(exportId: string): Promise<void> {
    const row = await this.requests.find(this.dataSource.manager, exportId);
    if (!row || row.status !== 'pending') return;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + DATA_EXPORT_VALID_DAYS * DAY_MS);
    if (!(await this.requests.startAttempt(this.dataSource.manager, exportId, hashOf(token), expiresAt))) return;
    try {
      await this.archive.write(exportId, row.user_id, token);
    } catch (error) {
      this.logger.error({ msg: 'data export failed', exportId, error: (error as Error).message });
      await this.requests.finish(this.dataSource.manager, exportId, 'failed');
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const ready = await this.requests.finish(manager, exportId, 'ready');
      if (!ready) return;
      const [user]: { email: string; first_name: string }[] = await manager.query(
        `SELECT email, first_name FROM identity.users WHERE id = $1`,
        [ready.user_id],
      );
      if (!user) return;
      await this.outbox.add(manager, EVENTS.identity.dataExportReady, {
        exportId,
        userId: ready.user_id,
        email: user.email,
        firstName: user.first_name,
        expiresAt: expiresAt.toISOString(),
        occurredAt: new Date().toISOString(),
      });
    });
  }

  expireDue(): Promise<number> {
    return this.requests.expireDue(this.dataSource.manager);
  }
}
