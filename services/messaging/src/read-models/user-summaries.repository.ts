import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PreparedStatement } from '@souvenir/platform';
import type { EntityManager, Repository } from 'typeorm';
import { UserSummaryEntity } from './user-summary.entity';
import { DELETED_USER_VERSION } from '@souvenir/contracts';

/** Every send checks its two people: prepared on the pool (TypeORM's find builds the query anew each time). */
const FIND_IDS = new PreparedStatement<Pick<UserSummaryEntity, 'id'>>(
  'messaging.user-summary-ids',
  `SELECT id FROM messaging.users WHERE id = ANY($1::uuid[])`,
);

export type UserSummary = Omit<UserSummaryEntity, 'updatedAt' | 'joinedAt'> & { joinedAt: string | null };

@Injectable()
export class UserSummariesRepository {
  constructor(@InjectRepository(UserSummaryEntity) private readonly users: Repository<UserSummaryEntity>) {}

  /** The ids among `ids` that have a summary. */
  findIds(ids: string[]): Promise<Pick<UserSummaryEntity, 'id'>[]> {
    return FIND_IDS.run(this.users.manager.dataSource, [ids]);
  }

  /** Whether the account was deleted (its row pinned at DELETED_USER_VERSION by the erasure). */
  async isDeleted(id: string): Promise<boolean> {
    const rows: unknown[] = await this.users.query(`SELECT 1 FROM messaging.users WHERE id = $1 AND version = $2`, [
      id,
      DELETED_USER_VERSION,
    ]);
    return rows.length > 0;
  }

  /**
   * Stores a profile unless the stored one is as new or newer: replayed and reordered events change nothing.
   * One statement, so two deliveries racing each other cannot both win.
   */
  async upsertIfNewer(manager: EntityManager, u: UserSummary): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.users (id, first_name, last_name, avatar, version, joined_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         avatar = EXCLUDED.avatar, version = EXCLUDED.version,
         joined_at = coalesce(EXCLUDED.joined_at, messaging.users.joined_at), updated_at = now()
       WHERE messaging.users.version < EXCLUDED.version`,
      [u.id, u.firstName, u.lastName, u.avatar, u.version, u.joinedAt],
    );
  }

  /**
   * Stores profiles fetched by request, at version 0 so that any event still overwrites them, in one statement; a
   * profile an event stored first is left alone. Rows go in id order, so two requests storing the same users wait
   * for each other instead of deadlocking.
   */
  async insertFetched(users: Omit<UserSummary, 'version'>[]): Promise<void> {
    const sorted = [...users].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await this.users.query(
      `INSERT INTO messaging.users (id, first_name, last_name, avatar, joined_at, version, updated_at)
       SELECT *, 0, now() FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
       ON CONFLICT (id) DO NOTHING`,
      [
        sorted.map((u) => u.id),
        sorted.map((u) => u.firstName),
        sorted.map((u) => u.lastName),
        sorted.map((u) => u.avatar),
        sorted.map((u) => u.joinedAt),
      ],
    );
  }
}
