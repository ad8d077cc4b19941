import type { BlockBetween, BlockChangedEvent } from '@souvenir/contracts';
import type { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model of blocks that messaging, payments and reviews keep from identity's `block.changed` events: one
 * row per (blocker, blocked) pair with the newest change applied (`version` from identity's sequence), so events
 * arriving out of order never bring an old state back. Rows of an unblocked pair stay with `blocked = false`: the
 * version must survive for a late older event to be ignored. A deleted account's rows are erased (`eraseBlocksOf`).
 */
export function blocksReadModelMigration(schema: string): new () => MigrationInterface {
  return class BlocksReadModel1738400000000 implements MigrationInterface {
    name = 'BlocksReadModel1738400000000';
    async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`CREATE TABLE "${schema}"."blocks" (
        blocker_id uuid NOT NULL,
        blocked_id uuid NOT NULL,
        blocked boolean NOT NULL,
        version bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id))`);
      // The primary key answers "did A block B"; this one the other direction of an erasure.
      await queryRunner.query(`CREATE INDEX blocks_blocked_idx ON "${schema}"."blocks" (blocked_id)`);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`DROP TABLE "${schema}"."blocks"`);
    }
  };
}

/** Applies a block change in the consumer's transaction; an older version than the row's is ignored. */
export async function applyBlockChange(manager: EntityManager, schema: string, event: BlockChangedEvent) {
  await manager.query(
    `INSERT INTO "${schema}"."blocks" (blocker_id, blocked_id, blocked, version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (blocker_id, blocked_id) DO UPDATE SET blocked = EXCLUDED.blocked, version = EXCLUDED.version,
       updated_at = now()
     WHERE "${schema}"."blocks".version < EXCLUDED.version`,
    [event.blockerId, event.blockedId, event.blocked, event.version],
  );
}

/** Forgets every block by or of a deleted account. */
export async function eraseBlocksOf(manager: EntityManager, schema: string, userId: string) {
  await manager.query(`DELETE FROM "${schema}"."blocks" WHERE blocker_id = $1 OR blocked_id = $1`, [userId]);
}

/**
 * Whether a block stands between the actor and another person, and whose: two primary-key probes. The answer says
 * who blocked only so the actor can be told "you blocked them"; the other person's sentence is the same either way.
 */
export async function blockBetween(
  db: DataSource | EntityManager,
  schema: string,
  actorId: string,
  otherId: string,
): Promise<BlockBetween> {
  const rows = (await db.query(
    `SELECT blocker_id FROM "${schema}"."blocks"
      WHERE blocked AND ((blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1))`,
    [actorId, otherId],
  )) as { blocker_id: string }[];
  const byActor = rows.some((r) => r.blocker_id === actorId);
  const byOther = rows.some((r) => r.blocker_id === otherId);
  return byActor && byOther ? 'both' : byActor ? 'actor' : byOther ? 'other' : 'none';
}
