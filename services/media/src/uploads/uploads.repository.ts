import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface UploadRow {
  id: string;
  ownerId: string;
  hash: string;
  widths: number[];
  byteSizes: number[];
  width: number;
  height: number;
  placeholder: string;
}

/** The only code that reads or writes `media.uploads`. */
@Injectable()
export class UploadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(row: UploadRow): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO media.uploads (id, owner_id, hash, widths, byte_sizes, width, height, placeholder)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.id, row.ownerId, row.hash, row.widths, row.byteSizes, row.width, row.height, row.placeholder],
    );
  }

  /** Marks the uploads whose files a listing names as used, so the clean-up keeps them. */
  async markUsed(hashes: readonly string[], manager: EntityManager): Promise<void> {
    if (!hashes.length) return;
    await manager.query(`UPDATE media.uploads SET used_at = now() WHERE hash = ANY($1) AND used_at IS NULL`, [hashes]);
  }

  /**
   * Deletes up to `limit` uploads unused since `before` and answers the hashes whose files no row names any more
   * (another upload of the same photo keeps them). One statement: the files are deleted after it, outside it.
   */
  async deleteUnused(before: Date, limit: number): Promise<{ hash: string; widths: number[] }[]> {
    const rows: { hash: string; widths: number[] }[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM media.uploads
          WHERE id IN (SELECT id FROM media.uploads WHERE used_at IS NULL AND created_at < $1
                        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id, hash, widths
       )
       -- The statement still sees the rows it deletes: they are left out by id.
       SELECT DISTINCT ON (hash) hash, widths FROM gone
        WHERE NOT EXISTS (SELECT 1 FROM media.uploads kept
                           WHERE kept.hash = gone.hash AND kept.id NOT IN (SELECT id FROM gone))`,
      [before, limit],
    );
    return rows;
  }

  /**
   * Deletes every upload of `ownerId` (an account deletion) and answers the hashes whose files no other row names (the
   * same photo uploaded by someone else keeps its files); their access rows go with them.
   */
  async deleteOwned(manager: EntityManager, ownerId: string): Promise<{ hash: string; widths: number[] }[]> {
    const rows: { hash: string; widths: number[] }[] = await manager.query(
      `WITH gone AS (DELETE FROM media.uploads WHERE owner_id = $1 RETURNING id, hash, widths)
       SELECT DISTINCT ON (hash) hash, widths FROM gone
        WHERE NOT EXISTS (SELECT 1 FROM media.uploads kept
                           WHERE kept.hash = gone.hash AND kept.id NOT IN (SELECT id FROM gone))`,
      [ownerId],
    );
    await manager.query(`DELETE FROM media.photo_access WHERE hash = ANY($1::text[])`, [rows.map((r) => r.hash)]);
    return rows;
  }
}
