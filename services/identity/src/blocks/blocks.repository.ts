import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A person the caller blocked, with what the Blocked people list shows of them. */
export interface BlockRow {
  blocked_id: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  created_at: Date;
}

/** identity.blocks: who blocked whom (see the blocks migration). */
@Injectable()
export class BlocksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores the block; answers false when it was there already (nothing changed, no event). */
  async insert(manager: EntityManager, blockerId: string, blockedId: string): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO identity.blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
      [blockerId, blockedId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Lifts the block; answers false when there was none. */
  async delete(manager: EntityManager, blockerId: string, blockedId: string): Promise<boolean> {
    const [, count] = (await manager.query(`DELETE FROM identity.blocks WHERE blocker_id = $1 AND blocked_id = $2`, [
      blockerId,
      blockedId,
    ])) as [unknown, number];
    return count > 0;
  }

  /** How many people the blocker blocked (blocks_blocker_recent). */
  async count(manager: EntityManager, blockerId: string): Promise<number> {
    const [row] = (await manager.query(`SELECT count(*)::int AS n FROM identity.blocks WHERE blocker_id = $1`, [
      blockerId,
    ])) as { n: number }[];
    return row!.n;
  }

  /** The next number of identity's block change sequence: the event's version. */
  async nextVersion(manager: EntityManager): Promise<number> {
    const [row] = (await manager.query(`SELECT nextval('identity.block_change_versions')::int AS v`)) as {
      v: number;
    }[];
    return row!.v;
  }

  /** The people the blocker blocked, newest first, with their names as they are now. */
  list(blockerId: string, limit: number): Promise<BlockRow[]> {
    return this.dataSource.query(
      `SELECT b.blocked_id, u.first_name, u.last_name, u.avatar, b.created_at
         FROM identity.blocks b JOIN identity.users u ON u.id = b.blocked_id
        WHERE b.blocker_id = $1
        ORDER BY b.created_at DESC, b.blocked_id
        LIMIT $2`,
      [blockerId, limit],
    );
  }
}
