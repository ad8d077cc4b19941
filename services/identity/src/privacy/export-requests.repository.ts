import { Injectable } from '@nestjs/common';
import type { DataExportStatus } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';

export interface ExportRequestRow {
  id: string;
  user_id: string;
  status: DataExportStatus;
  upload_token_hash: string | null;
  created_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

/** identity.data_exports: one row per request for a person's data. (TypeORM answers UPDATE as [rows, count].) */
@Injectable()
export class ExportRequestsRepository {
  /**
   * The person's pending request, created unless one exists; `created` says which. The partial unique index
   * decides between two concurrent callers: the loser's insert does nothing and it reads the winner's row.
   */
  async createPending(manager: EntityManager, userId: string): Promise<{ row: ExportRequestRow; created: boolean }> {
    const inserted: ExportRequestRow[] = await manager.query(
      `INSERT INTO identity.data_exports (user_id) VALUES ($1)
       ON CONFLICT (user_id) WHERE status = 'pending' DO NOTHING RETURNING *`,
      [userId],
    );
    if (inserted[0]) return { row: inserted[0], created: true };
    const [pending]: ExportRequestRow[] = await manager.query(
      `SELECT * FROM identity.data_exports WHERE user_id = $1 AND status = 'pending'`,
      [userId],
    );
    if (pending) return { row: pending, created: false };
    // Finished between our insert and our read: ask again (rare).
    return this.createPending(manager, userId);
  }

  async latest(manager: EntityManager, userId: string): Promise<ExportRequestRow | null> {
    const [row]: ExportRequestRow[] = await manager.query(
      `SELECT * FROM identity.data_exports WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    return row ?? null;
  }

  async find(manager: EntityManager, id: string): Promise<ExportRequestRow | null> {
    const [row]: ExportRequestRow[] = await manager.query(`SELECT * FROM identity.data_exports WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** The job starts an attempt: a fresh upload token and the expiry the archive will have. */
  async startAttempt(manager: EntityManager, id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE identity.data_exports SET upload_token_hash = $2, expires_at = $3
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, tokenHash, expiresAt],
    );
    return rows.length > 0;
  }

  async finish(manager: EntityManager, id: string, status: 'ready' | 'failed'): Promise<ExportRequestRow | null> {
    const [[row]]: [ExportRequestRow[], number] = await manager.query(
      `UPDATE identity.data_exports
          SET status = $2, upload_token_hash = NULL, ready_at = CASE WHEN $2 = 'ready' THEN now() END
        WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id, status],
    );
    return row ?? null;
  }

  /**
   * Past their expiry the links stop working (media deletes the archives on its own schedule). A request still
   * pending long after its job's own time limit lost its job (a crash, a database error): failed, so that the person
   * can ask again instead of being answered the stuck id forever.
   */
  async expireDue(manager: EntityManager): Promise<number> {
    const [, expired]: [unknown[], number] = await manager.query(
      `UPDATE identity.data_exports SET status = 'expired' WHERE status = 'ready' AND expires_at <= now() RETURNING id`,
    );
    const [, abandoned]: [unknown[], number] = await manager.query(
      `UPDATE identity.data_exports SET status = 'failed', upload_token_hash = NULL
        WHERE status = 'pending' AND created_at < now() - interval '2 hours' RETURNING id`,
    );
    return expired + abandoned;
  }
}
