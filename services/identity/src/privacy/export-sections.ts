import type { UserExportSql } from '@souvenir/platform';

/**
 * identity's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * Never a password hash, a two-step secret, a recovery code or a passkey's key: only what the person can see about themselves. Sessions are the gateway's (Redis) and not kept here; the devices are the ones a sign-in was seen from.
 */
export const IDENTITY_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  profile: `
    SELECT json_build_object('id', id, 'username', username, 'email', email, 'firstName', first_name,
        'lastName', last_name, 'avatar', avatar, 'location', location, 'role', role, 'emailVerified', email_verified,
        'twoFactorEnabled', two_factor_enabled, 'createdAt', created_at, 'updatedAt', updated_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM identity.users WHERE id = $1`,
  passkeys: `
    SELECT json_build_object('id', id, 'name', name, 'transports', transports, 'backedUp', backed_up,
        'createdAt', created_at, 'lastUsedAt', last_used_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM identity.passkeys WHERE user_id = $1`,
  devices: `
    SELECT json_build_object('firstSeenAt', first_seen_at, 'lastSeenAt', last_seen_at) AS item,
      first_seen_at AS key_at, encode(device_hash, 'hex') AS key_id
    FROM identity.known_devices WHERE user_id = $1`,
  // The people the person blocked; never who blocked them (that would tell what a block keeps quiet).
  blocks: `
    SELECT json_build_object('userId', b.blocked_id, 'name', concat_ws(' ', u.first_name, u.last_name),
        'blockedAt', b.created_at) AS item,
      b.created_at AS key_at, b.blocked_id::text AS key_id
    FROM identity.blocks b JOIN identity.users u ON u.id = b.blocked_id WHERE b.blocker_id = $1`,
};
