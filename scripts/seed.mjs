#!/usr/bin/env node
// Seeds the demo catalogue through the services' own request/reply subjects (so every rule and event applies):
// registers the demo sellers in identity and lists their souvenirs in catalog. Safe to run again: existing
// sellers and products (same seller and title) are skipped. Needs the services running and the libs built.
// Then a few completed sales between the sellers (PAST_SALES), each paid with the test-mode card, shipped, delivered,
// confirmed and reviewed by both people through payments' and reviews' subjects, so that those sellers show a real
// rating (kept by reviews' events in every read model) and the others "New seller". With Stripe configured there is
// no test card: the sales are left out.
// It also registers the demo support account and gives it the support role in identity's table (the one write not
// made through a subject: no subject can give a role).
//
//   node scripts/seed.mjs [--if-empty]
//   --if-empty   do nothing when the catalogue already has products
//   NATS_URL     default nats://127.0.0.1:4223 (npm start's own NATS; scripts/nats.mjs)
//   NATS_USER, NATS_PASSWORD   default the gateway's user, whose grants cover every request the seed sends, with
//                its password from .data/nats/passwords.json (written by npm start)
//   DATABASE_URL default postgres://postgres@127.0.0.1:5432/souvenir (the support role only)
//   PUBLIC_URL   base URL the web app and API are served from, default http://localhost:3000: the souvenirs' photos are
//                uploaded there (POST /api/uploads, media's pipeline; scripts/seed/photos.mjs), or where uploads are not
//                available, linked as the drawings <PUBLIC_URL>/seed/*.svg
import { Logger } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { ErrorCode, RPC, natsInboxPrefix } from '@souvenir/contracts';
import { natsUserEnv } from '@souvenir/platform';
import { firstValueFrom, timeout } from 'rxjs';
import { BUYERS, DEMO_PASSWORD, PAST_SALES, PRODUCTS, SELLERS, SUPPORT_ACCOUNT } from './seed/data.mjs';
import { contentsOf } from './seed/contents.mjs';
import { imageFiles } from './seed/images.mjs';
import { uploadDemoPhotos } from './seed/photos.mjs';
import { natsPasswords, natsPort } from './nats.mjs';
import { setUserRole } from './support-grant.mjs';

const NATS_URL = process.env.NATS_URL || `nats://127.0.0.1:${natsPort()}`;
// The seed registers people and sells for them: it speaks as the gateway does, with the gateway's grants.
const { NATS_USER, NATS_PASSWORD } = process.env.NATS_USER ? process.env : natsUserEnv('gateway', natsPasswords());
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/souvenir';
const PUBLIC_URL = (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '');
const ifEmpty = process.argv.includes('--if-empty');
/** A souvenir's image URLs: its photos as media answered their upload (set in main), or its drawings' own. */
let imagesOf = (title) => imageFiles(title).map((file) => `${PUBLIC_URL}/seed/${file}`);
const READY_TIMEOUT_MS = 60_000;

// Nest's client logs every connection status change; the seed only wants problems.
Logger.overrideLogger(['error', 'warn']);

const client = ClientProxyFactory.create({
  transport: Transport.NATS,
  options: {
    servers: NATS_URL.split(','),
    user: NATS_USER,
    pass: NATS_PASSWORD,
    inboxPrefix: natsInboxPrefix(NATS_USER),
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
    name: 'seed',
  },
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

/** Everything a seller has listed, by title (catalog answers a seller's products a page at a time). */
async function listedTitles(sellerId) {
  const titles = new Map();
  let cursor = null;
  do {
    const page = await send(RPC.catalog.listSellerProducts, { sellerId, limit: 100, ...(cursor ? { cursor } : {}) });
    for (const product of page.items) titles.set(product.title, product);
    cursor = page.nextCursor;
  } while (cursor);
  return titles;
}

const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123', postalCode: '10001' };
/** Delivery is domestic: each demo sale is delivered to an address in its seller's country. */
const ADDRESSES = {
  'United States': { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001' },
  'United Kingdom': { billingStreet: '10 High Street', billingCity: 'Oxford', billingZip: 'OX1 4AA' },
  Canada: { billingStreet: '200 King St W', billingCity: 'Toronto', billingZip: 'M5H 3T4' },
  Australia: { billingStreet: '1 George St', billingCity: 'Sydney', billingZip: '2000' },
};

/** Polls `check` (true when done) every 500 ms, up to `ms`. */
async function until(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * One past sale, the way people make it: listed, bought with the test card, shipped, delivered, confirmed by the
 * buyer; once reviews has opened the order's reviews, both write theirs (the second publishes both).
 */
async function seedSale(sale, sellerIds, buyerIds, listed) {
  const sellerId = sellerIds.get(sale.seller);
  const buyerId = buyerIds.get(sale.buyer);
  const country = SELLERS.find((seller) => seller.username === sale.seller).location;
  // Listed by an earlier run that stopped before the purchase: bought now.
  const product =
    listed ??
    (await send(RPC.catalog.createProduct, {
      actorId: sellerId,
      product: {
        title: sale.title,
        description: sale.description,
        price: sale.price,
        originalPrice: null,
        condition: 'new',
        category: sale.category,
        country: sale.country,
        isCustomsVerified: true,
        contents: contentsOf(sale.title),
        images: imagesOf(sale.imagesOf),
      },
    }));
  const intent = await send(RPC.payments.createIntent, {
    actorId: buyerId,
    productId: product.id,
    amount: String(sale.price),
    guestInfo: { ...ADDRESSES[country], billingCountry: country, sameAsDelivery: true },
  });
  await send(RPC.payments.confirmTestPayment, { clientSecret: intent.clientSecret, card: TEST_CARD });
  const paid = await send(RPC.payments.reconcile, { paymentIntentId: intent.paymentIntentId, actorId: buyerId });
  if (!paid.orderId) throw new Error(`the test payment for "${sale.title}" ended ${paid.status}`);
  const orderRef = paid.orderId;
  await send(RPC.payments.shipOrder, { orderRef, actorId: sellerId, carrier: 'DHL' });
  await send(RPC.payments.markDelivered, { orderRef, actorId: sellerId });
  await send(RPC.payments.confirmOrder, { orderRef, actorId: buyerId });
  await until(
    async () => (await send(RPC.reviews.getOrderReviews, { actorId: buyerId, orderId: orderRef })).status === 'open',
    30_000,
    `reviews to open the order of "${sale.title}"`,
  );
  const [buyerStars, buyerText] = sale.buyerReview;
  const [sellerStars, sellerText] = sale.sellerReview;
  await send(RPC.reviews.createReview, { actorId: buyerId, orderId: orderRef, rating: buyerStars, text: buyerText });
  await send(RPC.reviews.createReview, { actorId: sellerId, orderId: orderRef, rating: sellerStars, text: sellerText });
}

/** The past sales not made yet (an item sold means its sale was made by an earlier run). */
async function seedSales(sellerIds, existing) {
  const buyerIds = new Map();
  for (const buyer of BUYERS) {
    try {
      await send(RPC.identity.register, { ...buyer, password: DEMO_PASSWORD });
      console.log(`seed: registered ${buyer.username}`);
    } catch (error) {
      if (error?.code !== ErrorCode.Conflict) throw error;
    }
    const me = await send(RPC.identity.verifyCredentials, { username: buyer.username, password: DEMO_PASSWORD }).catch(
      (error) => {
        throw new Error(`cannot sign in as ${buyer.username}: ${describe(error)}`);
      },
    );
    buyerIds.set(buyer.username, me.id);
  }
  let made = 0;
  for (const sale of PAST_SALES) {
    const listed = existing.get(sale.seller)?.get(sale.title);
    if (listed && listed.status !== 'active') continue;
    try {
      await seedSale(sale, sellerIds, buyerIds, listed);
      made += 1;
    } catch (error) {
      // Stripe configured: no test card, so no demo sale (the test-confirm subject answers NOT_FOUND).
      if (error?.code === ErrorCode.NotFound && made === 0) {
        console.warn(`seed: no test-mode payments (${describe(error)}); demo sales and reviews left out`);
        return;
      }
      throw new Error(`cannot make the sale of "${sale.title}": ${describe(error)}`);
    }
  }
  if (made) console.log(`seed: ${made} completed sales with their reviews.`);
  console.log(`seed: demo buyers (password ${DEMO_PASSWORD}): ${BUYERS.map((b) => b.username).join(', ')}`);
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
  imagesOf = await uploadDemoPhotos(
    PRODUCTS.filter(([title, , , , , , , , , username]) => !existing.get(username)?.has(title)).map(
      ([title, , , , , , , , , username]) => ({ title, username }),
    ),
    { publicUrl: PUBLIC_URL, password: DEMO_PASSWORD },
  );
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
      images: imagesOf(title),
      contents: contentsOf(title),
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
  await seedSales(sellerIds, existing);
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
