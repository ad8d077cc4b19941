#!/usr/bin/env node
// Seeds the demo catalogue through the services' own request/reply subjects (so every rule and event applies):
// registers the demo sellers in identity and lists their souvenirs in catalog. Safe to run again: existing
// sellers and products (same seller and title) are skipped. Needs the services running and the libs built.
// It also registers the demo support account and gives it the support role in identity's table (the one write not
// made through a subject: no subject can give a role).
//
//   node scripts/seed.mjs [--if-empty]
//   --if-empty   do nothing when the catalogue already has products
//   NATS_URL     default nats://127.0.0.1:4222
//   DATABASE_URL default postgres://postgres@127.0.0.1:5432/souvenir (the support role only)
//   PUBLIC_URL   base URL the web app is served from (images are <PUBLIC_URL>/seed/*.svg), default http://localhost:3000
import { Logger } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { ErrorCode, RPC } from '@souvenir/contracts';
import { firstValueFrom, timeout } from 'rxjs';
import { DEMO_PASSWORD, PRODUCTS, SELLERS, SUPPORT_ACCOUNT } from './seed/data.mjs';
import { imageFiles } from './seed/images.mjs';
import { setUserRole } from './support-grant.mjs';

const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/souvenir';
const PUBLIC_URL = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
const ifEmpty = process.argv.includes('--if-empty');
const READY_TIMEOUT_MS = 60_000;

// Nest's client logs every connection status change; the seed only wants problems.
Logger.overrideLogger(['error', 'warn']);

const client = ClientProxyFactory.create({
  transport: Transport.NATS,
  options: { servers: NATS_URL.split(','), maxReconnectAttempts: -1, waitOnFirstConnect: true, name: 'seed' },
});

/** One request; a service's domain error arrives as `{ code, message }`. */
function send(subject, payload, ms = 10_000) {
  return firstValueFrom(client.send(subject, payload).pipe(timeout(ms)));
}

/** Retries while the service is still starting (no responder or a timeout), up to READY_TIMEOUT_MS. */
async function sendWhenReady(subject, payload) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      return await send(subject, payload, 3_000);
    } catch (error) {
      if (Object.values(ErrorCode).includes(error?.code) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

function describe(error) {
  return error?.message ? `${error.code ?? 'ERROR'}: ${error.message}` : String(error);
}

/**
 * The demo support account. The role is given only to an account this run registered (or that has it already): a
 * `support` account someone else registered first keeps being a member, whatever its password.
 */
async function seedSupportAccount() {
  let registered = false;
  try {
    await sendWhenReady(RPC.identity.register, { ...SUPPORT_ACCOUNT, password: DEMO_PASSWORD });
    registered = true;
  } catch (error) {
    if (error?.code !== ErrorCode.Conflict) throw error;
  }
  if (registered) {
    await setUserRole(DATABASE_URL, SUPPORT_ACCOUNT.username, 'support');
    console.log(`seed: registered ${SUPPORT_ACCOUNT.username} with the support role`);
    return;
  }
  const me = await send(RPC.identity.verifyCredentials, {
    username: SUPPORT_ACCOUNT.username,
    password: DEMO_PASSWORD,
  }).catch(() => null);
  if (me?.role !== 'support') {
    console.warn(
      `seed: an account named ${SUPPORT_ACCOUNT.username} already exists without the support role; left as it is (npm run support:grant -- USERNAME gives the role)`,
    );
  }
}

/** The titles of everything a seller has listed (catalog answers a seller's products a page at a time). */
async function listedTitles(sellerId) {
  const titles = new Set();
  let cursor = null;
  do {
    const page = await send(RPC.catalog.listSellerProducts, { sellerId, limit: 100, ...(cursor ? { cursor } : {}) });
    for (const product of page.items) titles.add(product.title);
    cursor = page.nextCursor;
  } while (cursor);
  return titles;
}

async function main() {
  await client.connect();
  const { totalCount } = await sendWhenReady(RPC.catalog.listProducts, { query: { limit: 1 } });
  if (ifEmpty && totalCount > 0) {
    console.log(`seed: the catalogue already has ${totalCount} products; nothing to do.`);
    return;
  }

  const sellerIds = new Map();
  for (const seller of SELLERS) {
    try {
      await sendWhenReady(RPC.identity.register, { ...seller, password: DEMO_PASSWORD });
      console.log(`seed: registered ${seller.username}`);
    } catch (error) {
      if (error?.code !== ErrorCode.Conflict) throw error;
    }
    const me = await send(RPC.identity.verifyCredentials, { username: seller.username, password: DEMO_PASSWORD }).catch(
      (error) => {
        throw new Error(
          `cannot sign in as ${seller.username} (taken by another account with another password?): ${describe(error)}`,
        );
      },
    );
    sellerIds.set(seller.username, me.id);
  }
  await seedSupportAccount();

  let created = 0;
  let skipped = 0;
  const existing = new Map();
  for (const [username, id] of sellerIds) existing.set(username, await listedTitles(id));
  for (const [
    title,
    description,
    price,
    originalPrice,
    condition,
    category,
    country,
    isCustomsVerified,
    ,
    username,
  ] of PRODUCTS) {
    if (existing.get(username)?.has(title)) {
      skipped += 1;
      continue;
    }
    const product = {
      title,
      description,
      price,
      originalPrice,
      condition,
      category,
      country,
      isCustomsVerified,
      images: imageFiles(title).map((file) => `${PUBLIC_URL}/seed/${file}`),
    };
    try {
      await send(RPC.catalog.createProduct, { actorId: sellerIds.get(username), product });
      created += 1;
    } catch (error) {
      throw new Error(
        `cannot list "${title}": ${describe(error)}${error?.errors ? ` ${JSON.stringify(error.errors)}` : ''}`,
      );
    }
  }
  console.log(`seed: listed ${created} souvenirs${skipped ? ` (${skipped} already there)` : ''}.`);
  console.log('seed: demo accounts (see docs/demo-data.md):');
  for (const seller of SELLERS)
    console.log(`  ${seller.username.padEnd(8)} password ${DEMO_PASSWORD}   ${seller.firstName} ${seller.lastName}`);
  console.log(
    `  ${SUPPORT_ACCOUNT.username.padEnd(8)} password ${DEMO_PASSWORD}   support: decides buyers' claims at /support`,
  );
}

main()
  .then(() => client.close())
  .catch(async (error) => {
    console.error(`seed failed: ${error?.message ?? describe(error)}`);
    await client.close();
    process.exit(1);
  });
