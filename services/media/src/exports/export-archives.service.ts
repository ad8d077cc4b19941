import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RPC } from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
import type { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { archiveKey, MEDIA_KEY, MediaStorage } from '../storage/media-storage';

const NO_SUCH_EXPORT = 'No such export';

/**
 * The data archives identity's job writes: stored here (media owns files and serves them over HTTP; files never travel
 * over NATS), each upload and each download vouched for by identity, deleted once expired.
 */
@Injectable()
export class ExportArchivesService {
  private readonly logger = new Logger('ExportArchives');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: MediaStorage,
    private readonly rpc: RpcClient,
  ) {}

  /** The job's token must be the pending export's: media learns whose archive it is and until when to keep it. */
  private async grant(exportId: string, token: string | undefined) {
    if (!token) throw new ForbiddenException('This upload is not expected');
    try {
      return await this.rpc.send(RPC.identity.authorizeExportUpload, { exportId, token });
    } catch (error) {
      if (error instanceof DomainError) throw new ForbiddenException('This upload is not expected');
      throw error;
    }
  }

  async store(exportId: string, token: string | undefined, body: Readable): Promise<void> {
    const { userId, expiresAt } = await this.grant(exportId, token);
    const bytes = await this.storage.putStream(archiveKey(exportId), body, 'application/zip');
    await this.dataSource.query(
      `INSERT INTO media.data_archives (export_id, user_id, bytes, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (export_id) DO UPDATE SET bytes = EXCLUDED.bytes, expires_at = EXCLUDED.expires_at`,
      [exportId, userId, bytes, expiresAt],
    );
  }

  /** One of the person's own photos, for their archive (evidence photos included: they are theirs). */
  async photo(exportId: string, token: string | undefined, key: string): Promise<Readable> {
    const { userId } = await this.grant(exportId, token);
    const match = MEDIA_KEY.exec(key);
    const [owned] = match
      ? await this.dataSource.query(`SELECT 1 FROM media.uploads WHERE owner_id = $1 AND hash = $2 LIMIT 1`, [
          userId,
          key.slice(0, 32),
        ])
      : [];
    const stream = owned ? await this.storage.read(key) : null;
    if (!stream) throw new NotFoundException('No such image');
    return stream;
  }

  /** The signed-in person's ready, unexpired archive; anyone else's, or none, is the same 404. */
  async download(actorId: string, exportId: string): Promise<{ stream: Readable; bytes: number }> {
    try {
      await this.rpc.send(RPC.identity.getDataExport, { actorId, exportId });
    } catch (error) {
      if (error instanceof DomainError) throw new NotFoundException(NO_SUCH_EXPORT);
      throw error;
    }
    const [row]: { bytes: string }[] = await this.dataSource.query(
      `SELECT bytes FROM media.data_archives WHERE export_id = $1 AND user_id = $2 AND expires_at > now()`,
      [exportId, actorId],
    );
    const stream = row ? await this.storage.read(archiveKey(exportId)) : null;
    if (!row || !stream) throw new NotFoundException(NO_SUCH_EXPORT);
    return { stream, bytes: Number(row.bytes) };
  }

  /** An account deletion: the person's archives go, rows and files, whatever their expiry. */
  async eraseOwner(userId: string, manager: EntityManager): Promise<number> {
    // TypeORM answers a DELETE as [rows, count].
    const [rows]: [{ export_id: string }[], number] = await manager.query(
      `DELETE FROM media.data_archives WHERE user_id = $1 RETURNING export_id`,
      [userId],
    );
    await this.storage.delete(rows.map((row) => archiveKey(row.export_id)));
    return rows.length;
  }

  /** Rows first, then the files: a download never finds a row whose file is gone for good. */
  async deleteExpired(): Promise<number> {
    // TypeORM answers a DELETE as [rows, count].
    const [rows]: [{ export_id: string }[], number] = await this.dataSource.query(
      `DELETE FROM media.data_archives WHERE expires_at <= now() RETURNING export_id`,
    );
    await this.storage.delete(rows.map((row) => archiveKey(row.export_id)));
    if (rows.length) this.logger.log({ msg: 'expired data archives deleted', count: rows.length });
    return rows.length;
  }
}
