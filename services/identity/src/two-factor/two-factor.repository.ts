import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** One account's two-step sign-in row. */
export interface TwoFactorRow {
  userId: string;
  secretCiphertext: string;
  enabled: boolean;
  lastTimeStep: number | null;
  failedCodes: number;
  failuresSince: Date | null;
}

/** Wrong codes an account may send within `FAILURE_WINDOW` before every code is refused until it passes. */
export const MAX_FAILED_CODES = 5;
const FAILURE_WINDOW = `interval '15 minutes'`;

/** identity.two_factor, identity.recovery_codes and identity.known_devices, in the caller's transaction. */
@Injectable()
export class TwoFactorRepository {
  /** The row, locked: codes of one account are checked one at a time, so a time step is used once. */
  async findForUpdate(manager: EntityManager, userId: string): Promise<TwoFactorRow | null> {
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT user_id, secret_ciphertext, enabled_at IS NOT NULL AS enabled, last_time_step,
              CASE WHEN failures_since > now() - ${FAILURE_WINDOW} THEN failed_codes ELSE 0 END AS failed_codes,
              failures_since
         FROM identity.two_factor WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      userId: row.user_id as string,
      secretCiphertext: row.secret_ciphertext as string,
      enabled: row.enabled as boolean,
      lastTimeStep: row.last_time_step === null ? null : Number(row.last_time_step),
      failedCodes: Number(row.failed_codes),
      failuresSince: row.failures_since as Date | null,
    };
  }

  /** A new pending secret (not yet enabled), replacing any earlier unfinished set-up. */
  async savePending(manager: EntityManager, userId: string, secretCiphertext: string): Promise<void> {
    await manager.query(
      `INSERT INTO identity.two_factor (user_id, secret_ciphertext) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_ciphertext = $2, enabled_at = NULL, last_time_step = NULL,
         failed_codes = 0, failures_since = NULL, created_at = now()`,
      [userId, secretCiphertext],
    );
  }

  async enable(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`UPDATE identity.two_factor SET enabled_at = now() WHERE user_id = $1`, [userId]);
  }

  async remove(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM identity.recovery_codes WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM identity.two_factor WHERE user_id = $1`, [userId]);
  }

  /** A code was accepted: its time step (if a TOTP code) can never be used again, and wrong codes are forgotten. */
  async accepted(manager: EntityManager, userId: string, timeStep: number | null): Promise<void> {
    await manager.query(
      `UPDATE identity.two_factor SET last_time_step = COALESCE($2, last_time_step), failed_codes = 0,
         failures_since = NULL WHERE user_id = $1`,
      [userId, timeStep],
    );
  }

  /** Counts one wrong code (outside the refused attempt's transaction, which rolls back). */
  async recordFailure(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(
      `UPDATE identity.two_factor SET
         failed_codes = CASE WHEN failures_since > now() - ${FAILURE_WINDOW} THEN failed_codes + 1 ELSE 1 END,
         failures_since = CASE WHEN failures_since > now() - ${FAILURE_WINDOW} THEN failures_since ELSE now() END
       WHERE user_id = $1`,
      [userId],
    );
  }

  async replaceRecoveryCodes(manager: EntityManager, userId: string, hashes: Buffer[]): Promise<void> {
    await manager.query(`DELETE FROM identity.recovery_codes WHERE user_id = $1`, [userId]);
    await manager.query(`INSERT INTO identity.recovery_codes (user_id, code_hash) SELECT $1, unnest($2::bytea[])`, [
      userId,
      hashes,
    ]);
  }

  /** Marks an unused recovery code used; false when there is none with that hash. */
  async useRecoveryCode(manager: EntityManager, userId: string, hash: Buffer): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `UPDATE identity.recovery_codes SET used_at = now()
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`,
      [userId, hash],
    );
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    const returned = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows;
    return returned.length > 0;
  }

  async countUnusedRecoveryCodes(manager: EntityManager, userId: string): Promise<number> {
    const rows: { n: string }[] = await manager.query(
      `SELECT count(*) AS n FROM identity.recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
      [userId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Remembers a device of the account; answers whether it is new to an account that had signed in from others before
   * (a first device is not news to anyone).
   */
  async rememberDevice(manager: EntityManager, userId: string, deviceHash: Buffer): Promise<boolean> {
    // A device unused for over a year is forgotten (its return is worth a mail), so the list stays short.
    await manager.query(
      `DELETE FROM identity.known_devices WHERE user_id = $1 AND last_seen_at < now() - interval '400 days'`,
      [userId],
    );
    const rows: { inserted: boolean; others: boolean }[] = await manager.query(
      `WITH others AS (SELECT EXISTS (SELECT 1 FROM identity.known_devices WHERE user_id = $1 AND device_hash <> $2) AS others),
            upsert AS (
              INSERT INTO identity.known_devices (user_id, device_hash) VALUES ($1, $2)
              ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = now()
              RETURNING (xmax = 0) AS inserted)
       SELECT upsert.inserted, others.others FROM upsert, others`,
      [userId, deviceHash],
    );
    return rows[0]?.inserted === true && rows[0]?.others === true;
  }
}
