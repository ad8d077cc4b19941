#!/usr/bin/env node
// Gives a user the support role (they then see /support and decide buyers' claims), or takes it back.
// No API can set a role, so nobody can give it to themself: this script writes identity's table directly, which
// only someone with access to the database can do. The role is read on every request (payments asks identity's
// get-me), so it applies at once; it is in no event, so nothing is published.
//
//   npm run support:grant -- USERNAME            grant
//   npm run support:grant -- USERNAME --revoke   back to member
//   DATABASE_URL   default postgres://postgres@127.0.0.1:5432/souvenir (the services' default)
import pg from 'pg';
import { fileURLToPath } from 'node:url';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/souvenir';

/**
 * Sets `role` of the user named `username` (ignoring case, as sign-in does). Answers the account's exact username and
 * whether it changed; throws when nobody has that username.
 */
export async function setUserRole(databaseUrl, username, role) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `WITH target AS (SELECT id, username, role AS before FROM identity.users WHERE lower(username) = lower($1))
       UPDATE identity.users u SET role = $2, updated_at = now() FROM target WHERE u.id = target.id
       RETURNING u.username, target.before`,
      [username, role],
    );
    if (rows.length === 0) throw new Error(`no user is named "${username}"`);
    return { username: rows[0].username, changed: rows[0].before !== role };
  } finally {
    await client.end();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const revoke = args.includes('--revoke');
  const names = args.filter((a) => a !== '--revoke');
  if (names.length !== 1 || names[0].startsWith('-')) {
    console.error('usage: npm run support:grant -- USERNAME [--revoke]');
    process.exit(2);
  }
  const role = revoke ? 'member' : 'support';
  const { username, changed } = await setUserRole(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, names[0], role);
  console.log(
    changed
      ? `support:grant: ${username} is now ${revoke ? 'a member (support role taken back)' : 'support'}.`
      : `support:grant: ${username} already was ${role === 'support' ? 'support' : 'a member'}; nothing changed.`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`support:grant failed: ${error?.message ?? error}`);
    process.exit(1);
  });
}
