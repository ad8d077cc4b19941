import { SOLD_STATUSES } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { goodCard } from '../../gateway/test/gateway-harness';
import { type Account, guestInfo, type Http, listing, unique } from './world';

/**
 * The product's mixed traffic for the reliability suites' faults (docs/reliability.md), and the checks that nothing
 * it paid for was lost: the same load and the same promises under each fault.
 */

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Sends a request through one of the stack's gateways (`throughSecond`: the second, where there are two). */
export type Caller = (
  throughSecond: boolean,
  method: 'GET' | 'POST',
  path: string,
  options?: CallOptions,
) => Promise<Answer>;

export interface CallOptions {
  cookie?: string;
  body?: unknown;
}

/** A Caller on a gateway in the test's own process (the only one, or the first of two). */
export function callIn(http: Http): (method: 'GET' | 'POST', path: string, options?: CallOptions) => Promise<Answer> {
  return async (method, path, { cookie, body } = {}) => {
    const req = method === 'GET' ? http.get(path) : http.post(path).send(body as object);
    if (cookie) req.set('Cookie', cookie);
    const res = await req;
    return { status: res.status, body: res.body as Record<string, unknown> };
  };
}

/** A query on the stack's database (the primary). */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

type Kind = 'browse' | 'favourite' | 'message' | 'checkout' | 'ship';

/** A guest's card payment: `confirmed` says whether the card step answered (a 503 leaves it unknown). */
export interface Checkout {
  productId: string;
  paymentIntentId: string;
  clientSecret: string;
  confirmed: boolean;
}

/** Who acts in the traffic, where it is sent, and how a test names the moments of its fault. */
export interface TrafficOptions {
  call: Caller;
  seller: Account;
  buyer: Account;
  /** The phase of the fault now ("before", "down", ...): each sample is counted in the phase it was sent in. */
  phaseOf: () => string;
  /** Products listed so far, for the buyer to favourite and ask about. */
  listed: () => string[];
}

/**
 * The rest of the product's traffic while sellers list, one loop per kind, alternating the gateways (where there
 * are two): guests browse and search, a buyer favourites what was listed and messages its seller, guests pay for
 * listings of their own by card (the test-mode provider) and the seller ships what was paid for. Every answer is a
 * success or a 503 with a sentence, never a 500 or a hang (`wrong` lists any other); a failed request is not retried
 * here, so the checks at the end hold whatever state it left.
 */
export function startTraffic({ call, seller, buyer, phaseOf, listed }: TrafficOptions) {
  const samples: { kind: Kind; phase: string; status: number; ms: number }[] = [];
  const checkouts: Checkout[] = [];
  /** Paid orders waiting for their seller to ship them, and those the gateway answered shipped. */
  const toShip: string[] = [];
  const shipped: string[] = [];
  const wrong: string[] = [];
  let running = true;

  const send = async (kind: Kind, throughSecond: boolean, method: 'GET' | 'POST', path: string, options = {}) => {
    const phase = phaseOf();
    const started = Date.now();
    const res = await call(throughSecond, method, path, options);
    samples.push({ kind, phase, status: res.status, ms: Date.now() - started });
    if (res.status >= 500 && (res.status !== 503 || typeof res.body.message !== 'string'))
      wrong.push(`${kind} ${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  };

  const checkout = async (turn: number) => {
    const second = turn % 2 === 1;
    const product = await send('checkout', second, 'POST', '/api/products', {
      cookie: seller.cookie,
      body: listing(`Paid for ${unique('c')}`, { price: 12 }),
    });
    if (product.status !== 201) return;
    const productId = product.body.id as string;
    const intent = await send('checkout', second, 'POST', '/api/create-payment-intent', {
      body: { productId, amount: '12.00', guestInfo: { ...guestInfo, email: `${unique('g')}@example.com` } },
    });
    if (intent.status !== 200) return;
    const { paymentIntentId, clientSecret } = intent.body as { paymentIntentId: string; clientSecret: string };
    const confirm = await send('checkout', !second, 'POST', '/api/payments/test-confirm', {
      body: { clientSecret, card: goodCard },
    });
    checkouts.push({ productId, paymentIntentId, clientSecret, confirmed: confirm.status === 200 });
    const paid = await send('checkout', second, 'POST', '/api/payments/reconcile', {
      body: { paymentIntentId, clientSecret },
    });
    if (paid.body.status === 'paid') toShip.push(paid.body.orderId as string);
  };

  const steps: Record<Kind, (turn: number) => Promise<unknown>> = {
    browse: (turn) =>
      send('browse', turn % 2 === 1, 'GET', turn % 4 < 2 ? '/api/products' : `/api/products?search=souvenir${turn}`),
    favourite: async (turn) => {
      const ids = listed();
      if (ids.length === 0) return;
      const productId = ids[turn % ids.length];
      await send('favourite', turn % 2 === 1, 'POST', '/api/favorites', { cookie: buyer.cookie, body: { productId } });
    },
    message: async (turn) => {
      const ids = listed();
      if (ids.length === 0) return;
      await send('message', turn % 2 === 1, 'POST', '/api/messages', {
        cookie: buyer.cookie,
        body: { toUserId: seller.id, productId: ids[turn % ids.length], content: `Is it still available? (${turn})` },
      });
    },
    checkout,
    ship: async (turn) => {
      const orderId = toShip.shift();
      if (!orderId) return;
      const res = await send('ship', turn % 2 === 1, 'POST', `/api/orders/${orderId}/ship`, {
        cookie: seller.cookie,
        body: { carrier: 'DHL', trackingNumber: `JD${turn}` },
      });
      // A seller tries again after an outage.
      (res.status === 200 ? shipped : toShip).push(orderId);
    },
  };
  const loops = Object.values(steps).map(async (step) => {
    for (let turn = 0; running; turn++) {
      await step(turn).catch((error: unknown) => wrong.push(String(error)));
      await new Promise((r) => setTimeout(r, 150));
    }
  });

  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      const byKind = Object.fromEntries(
        (Object.keys(steps) as Kind[]).map((kind) => [kind, samples.filter((x) => x.kind === kind)]),
      );
      /** Figures per kind over the phases given. */
      const figures = (phases: readonly string[]) =>
        Object.fromEntries(Object.entries(byKind).map(([kind, of]) => [kind, phaseFigures(phases, of)]));
      return { checkouts, shipped, figures, wrong };
    },
  };
}

/** Requests, failures and p95 ms in each of `phases`. */
export function phaseFigures(phases: readonly string[], samples: { phase: string; status: number; ms: number }[]) {
  return Object.fromEntries(
    phases.map((p) => {
      const of = samples.filter((x) => x.phase === p);
      const ms = of.map((x) => x.ms).sort((a, b) => a - b);
      const p95 = ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)] ?? 0;
      return [p, { requests: of.length, failed: of.filter((x) => x.status >= 300).length, p95 }];
    }),
  );
}

/**
 * Every card payment of the load ended whole: once each guest's success page has asked again (as it does when it
 * loads), an order is sold exactly when its card payment succeeded, a card the provider confirmed is a sold order,
 * catalog marks each sold item sold, and every order the seller was told is shipped is shipped.
 */
export async function expectPaymentsWhole(
  { call, query }: { call: Caller; query: Query },
  { checkouts, shipped }: { checkouts: Checkout[]; shipped: string[] },
): Promise<void> {
  expect(checkouts.filter((c) => c.confirmed).length).toBeGreaterThan(0);
  const [{ n }] = await query<{ n: string }>(
    `SELECT count(*) AS n FROM payments.orders WHERE id = ANY($1) AND status = 'shipped'`,
    [shipped],
  );
  expect(Number(n)).toBe(shipped.length);
  for (const { paymentIntentId, clientSecret } of checkouts)
    await eventually(
      async () => {
        const res = await call(false, 'POST', '/api/payments/reconcile', { body: { paymentIntentId, clientSecret } });
        expect(res.status).toBe(200);
      },
      30_000,
      500,
    );
  const sold: readonly string[] = SOLD_STATUSES;
  const productIds = checkouts.map((c) => c.productId);
  const paid = await eventually(
    async () => {
      const rows = await query<{ productId: string; order: string; card: string }>(
        `SELECT o.product_id AS "productId", o.status AS order, t.status AS card
           FROM payments.orders o JOIN payments.test_intents t ON t.id = o.provider_payment_id
          WHERE o.product_id = ANY($1)`,
        [productIds],
      );
      expect(rows.filter((r) => sold.includes(r.order) !== (r.card === 'succeeded'))).toEqual([]);
      return rows.filter((r) => sold.includes(r.order)).map((r) => r.productId);
    },
    60_000,
    500,
  );
  expect(checkouts.filter((c) => c.confirmed && !paid.includes(c.productId))).toEqual([]);
  await eventually(
    async () => {
      const unsold = await query(`SELECT id, status FROM catalog.products WHERE id = ANY($1) AND status <> 'sold'`, [
        paid,
      ]);
      expect(unsold).toEqual([]);
    },
    60_000,
    500,
  );
}

/** Each service's outbox rows not yet published, as `<schema>: <count>` (none when every event went out). */
export async function unpublishedOutboxRows(query: Query): Promise<string[]> {
  const schemas = await query<{ schema: string }>(
    `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox_events'`,
  );
  const counts = await Promise.all(
    schemas.map(async ({ schema }) => {
      const [{ n }] = await query<{ n: string }>(
        `SELECT count(*) AS n FROM ${schema}.outbox_events WHERE published_at IS NULL`,
      );
      return `${schema}: ${n}`;
    }),
  );
  return counts.filter((count) => !count.endsWith(': 0'));
}
