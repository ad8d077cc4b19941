import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { hashAccountToken, newAccountToken, TOKEN_LIFETIME_MS, type TokenPurpose } from './account-token';

/** A token as its use needs it: whose, and the address it carries (the new one, or the old one for an undo). */
export interface UsedToken {
  userId: string;
  email: string | null;
}

/** identity.account_tokens: tokens of mailed links, by hash; each is used at most once, before it expires. */
@Injectable()
export class AccountTokensRepository {
  /** Issues a token (in the caller's transaction) and answers the raw value for the link, and its expiry. */
  async issue(
    manager: EntityManager,
    userId: string,
    purpose: TokenPurpose,
    email: string | null = null,
  ): Promise<{ raw: string; expiresAt: Date }> {
    const { raw, hash } = newAccountToken();
    const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]);
    await manager.query(
      `INSERT INTO identity.account_tokens (user_id, purpose, token_hash, email, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [userId, purpose, hash, email, expiresAt],
    );
    return { raw, expiresAt };
  }

  /**
   * Uses a token once: one statement marks it used only if it is of this purpose, unused and unexpired, so two
   * requests racing with the same link cannot both succeed. Null for a used, expired, forged or other-purpose token.
   */
  async use(manager: EntityManager, raw: string, purpose: TokenPurpose): Promise<UsedToken | null> {
    const [rows] = (await manager.query(
      `UPDATE identity.account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, email`,
      [hashAccountToken(raw), purpose],
    )) as [{ user_id: string; email: string | null }[], number];
    const row = rows[0];
    return row ? { userId: row.user_id, email: row.email } : null;
  }

  /** Ends the user's other unused tokens of these purposes (a new password makes older reset links useless). */
  async revoke(manager: EntityManager, userId: string, purposes: TokenPurpose[]): Promise<void> {
    await manager.query(
      `UPDATE identity.account_tokens SET used_at = now()
        WHERE user_id = $1 AND purpose = ANY($2) AND used_at IS NULL`,
      [userId, purposes],
    );
  }
}
