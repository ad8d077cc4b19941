import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** One stored passkey: its WebAuthn credential and what the account page shows. */
export interface PasskeyRow {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Buffer;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const COLUMNS = `id, user_id, credential_id, public_key, sign_count, transports, name, created_at, last_used_at`;

function toRow(row: Record<string, unknown>): PasskeyRow {
  return {
    id: row.id as string,
    userId: row.user_id as string,
    credentialId: row.credential_id as string,
    publicKey: row.public_key as Buffer,
    signCount: Number(row.sign_count),
    transports: (row.transports as string[] | null) ?? [],
    name: row.name as string,
    createdAt: row.created_at as Date,
    lastUsedAt: (row.last_used_at as Date | null) ?? null,
  };
}

/** identity.passkeys, in the caller's transaction. */
@Injectable()
export class PasskeysRepository {
  async listByUser(manager: EntityManager, userId: string): Promise<PasskeyRow[]> {
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT ${COLUMNS} FROM identity.passkeys WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(toRow);
  }

  /** The passkey with this credential id, locked: one sign-in at a time moves its counter. */
  async findByCredentialIdForUpdate(manager: EntityManager, credentialId: string): Promise<PasskeyRow | null> {
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT ${COLUMNS} FROM identity.passkeys WHERE credential_id = $1 FOR UPDATE`,
      [credentialId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** Stores a new passkey; null when that credential is already stored (for anyone). */
  async insert(
    manager: EntityManager,
    passkey: Pick<PasskeyRow, 'userId' | 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'name'> & {
      backedUp: boolean;
    },
  ): Promise<PasskeyRow | null> {
    const rows: Record<string, unknown>[] = await manager.query(
      `INSERT INTO identity.passkeys (user_id, credential_id, public_key, sign_count, transports, name, backed_up)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (credential_id) DO NOTHING RETURNING ${COLUMNS}`,
      [
        passkey.userId,
        passkey.credentialId,
        passkey.publicKey,
        passkey.signCount,
        passkey.transports,
        passkey.name,
        passkey.backedUp,
      ],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async recordUse(manager: EntityManager, id: string, signCount: number): Promise<void> {
    await manager.query(`UPDATE identity.passkeys SET sign_count = $2, last_used_at = now() WHERE id = $1`, [
      id,
      signCount,
    ]);
  }

  /** Removes the account's passkey; false when it has none with that id. */
  async remove(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `DELETE FROM identity.passkeys WHERE user_id = $1 AND id = $2 RETURNING id`,
      [userId, id],
    );
    // TypeORM answers a DELETE … RETURNING as [rows, count].
    const returned = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows;
    return returned.length > 0;
  }
}
