// kill -9 each service in turn under a steady load of the whole stack (child processes, scripts/stack.mjs):
// the others keep answering, its routes answer 503 within 5 s, a restart serves again within 10 s, and the
// events published while it was down are all applied afterwards.
import { eventually } from '@souvenir/testing';
import { type Client, client, type RunningStack, startChildStack } from '../support/stack';
import { type Sample, sentBetween } from '../support/samples';

let stack: RunningStack;
let http: Client;
const users: Record<string, { id: string; cookie: string; username: string }> = {};
let product: string;

/** One read route per service, as a guest or the buyer, and the services each one needs. */
const probes = () => [
  { name: 'identity', needs: ['identity'], run: () => http('GET', `/api/users/${users.seller.id}`) },
  { name: 'catalog', needs: ['catalog'], run: () => http('GET', `/api/products/${product}`) },
  {
    name: 'favourites',
    needs: ['favourites', 'catalog'],
    run: () => http('GET', '/api/favorites', { cookie: users.buyer.cookie }),
  },
  {
    name: 'messaging',
    needs: ['messaging'],
    run: () => http('GET', '/api/messages/conversations', { cookie: users.buyer.cookie }),
  },
  { name: 'payments', needs: ['payments'], run: () => http('GET', '/api/orders', { cookie: users.buyer.cookie }) },
];

const samples: Sample[] = [];
let loadRunning = false;
let load: Promise<void> = Promise.resolve();

/** A light steady load: the probes round-robin, two at a time, until stopped. */
function startLoad() {
  loadRunning = true;
  const worker = async (offset: number) => {
    for (let i = offset; loadRunning; i += 2) {
      const p = probes()[i % 5];
      const sentAt = Date.now();
      const res = await p.run();
      samples.push({ sentAt, at: Date.now(), probe: p.name, status: res.status, ms: res.ms });
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  load = Promise.all([worker(0), worker(1)]).then(() => undefined);
}

async function join(name: string) {
  const username = `${name}${Date.now().toString(36)}`;
  const res = await http('POST', '/api/auth/register', {
    body: { email: `${username}@example.com`, password: 'secret1', username, firstName: name, lastName: 'Kill' },
  });
  expect(res.status).toBe(201);
  users[name] = { id: res.body.id, cookie: res.cookie, username };
}
async function listProduct(title: string): Promise<string> {
  const res = await http('POST', '/api/products', {
    cookie: users.seller.cookie,
    body: {
      title,
      description: 'A souvenir that survives crashes, wrapped with care.',
      price: '12.00',
      condition: 'new',
      category: 'Art',
      country: 'Japan',
      images: ['https://example.com/k.jpg'],
    },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  stack = await startChildStack();
  http = client(stack.url);
  await join('seller');
  await join('buyer');
  product = await listProduct('Daruma doll, hand painted');
  expect(
    (await http('POST', '/api/favorites', { cookie: users.buyer.cookie, body: { productId: product } })).status,
  ).toBe(201);
  expect(
    (
      await http('POST', '/api/messages', {
        cookie: users.buyer.cookie,
        body: { toUserId: users.seller.id, productId: product, content: 'Hello!' },
      })
    ).status,
  ).toBe(201);
  startLoad();
}, 120_000);

afterAll(async () => {
  loadRunning = false;
  await load;
  await stack?.stop();
});

/** Kills the service, checks the outage, runs `whileDown`, restarts, and checks recovery. */
async function crashAndRecover(name: string, whileDown: () => Promise<void> = async () => undefined) {
  const own = probes().find((p) => p.name === name)!;
  const others = probes()
    .filter((p) => !p.needs.includes(name))
    .map((p) => p.name);
  const killedAt = Date.now();
  await stack.kill(name);
  // Its route answers 503 within 5 s of the crash, and never hangs.
  const outage = await eventually(
    async () => {
      const res = await own.run();
      expect(res.status).toBe(503);
      return res;
    },
    5_000,
    100,
  );
  expect(Date.now() - killedAt).toBeLessThan(5_000);
  expect(outage.ms).toBeLessThan(5_000);
  expect(outage.body).toEqual({ statusCode: 503, message: expect.any(String) });
  await whileDown();
  // Stay down until the load has exercised the other routes a few times during the outage.
  await eventually(
    () =>
      expect(
        sentBetween(samples, killedAt, Date.now()).filter((s) => others.includes(s.probe)).length,
      ).toBeGreaterThanOrEqual(4),
    10_000,
    50,
  );
  const downUntil = Date.now();
  const restartedAt = Date.now();
  stack.restart(name);
  await eventually(async () => expect((await own.run()).status).toBe(200), 10_000, 200);
  expect(Date.now() - restartedAt).toBeLessThan(10_000);
  // Under the load, every route not needing the dead service kept answering 2xx the whole time. A request counts for
  // the outage during which it was sent: one in flight to the previous service at its kill is lost with that process
  // and answered 503 at the RPC timeout, which may be after this kill (see sentBetween).
  const during = sentBetween(samples, killedAt, downUntil);
  const bad = during.filter((s) => others.includes(s.probe) && (s.status < 200 || s.status >= 300));
  expect(bad).toEqual([]);
  expect(during.filter((s) => others.includes(s.probe)).length).toBeGreaterThan(0);
  const ownDuring = during.filter((s) => s.probe === name && s.sentAt > killedAt + 5_000);
  expect(ownDuring.every((s) => s.status === 503)).toBe(true);
}

describe('kill -9 of each service under load', () => {
  it('identity: sign-in routes 503 while down, everything else answers; restarts and serves', async () => {
    await crashAndRecover('identity', async () => {
      expect((await http('GET', '/api/auth/me', { cookie: users.buyer.cookie })).status).toBe(503);
      expect(
        (await http('POST', '/api/auth/login', { body: { username: users.buyer.username, password: 'secret1' } }))
          .status,
      ).toBe(503);
    });
    expect((await http('GET', '/api/auth/me', { cookie: users.buyer.cookie })).status).toBe(200);
  });

  it('catalog: a rename and a registration while it is down reach its seller read model after the restart', async () => {
    await crashAndRecover('catalog', async () => {
      const res = await http('PUT', `/api/users/${users.seller.id}`, {
        cookie: users.seller.cookie,
        body: { firstName: 'Renamed', lastName: 'WhileCatalogDown', location: 'Kyoto' },
      });
      expect(res.status).toBe(200);
      await join('lateSeller');
    });
    await eventually(async () => {
      const res = await http('GET', `/api/products/${product}`);
      expect(res.body.seller).toMatchObject({ firstName: 'Renamed', lastName: 'WhileCatalogDown' });
    }, 10_000);
    // The user registered while catalog was down is in its seller read model too (from the event, version 1).
    await eventually(
      async () =>
        expect(
          await stack.infra.database.query('SELECT version FROM catalog.sellers WHERE id = $1', [users.lateSeller.id]),
        ).toEqual([{ version: 1 }]),
      10_000,
    );
  });

  it('favourites: a product removed while it is down leaves every favourites list after the restart', async () => {
    const doomed = await listProduct('Tenugui towel, indigo');
    expect(
      (await http('POST', '/api/favorites', { cookie: users.buyer.cookie, body: { productId: doomed } })).status,
    ).toBe(201);
    await crashAndRecover('favourites', async () => {
      expect((await http('DELETE', `/api/products/${doomed}`, { cookie: users.seller.cookie })).status).toBe(204);
    });
    await eventually(async () => {
      const rows = await stack.infra.database.query<{ is_active: boolean }>(
        'SELECT is_active FROM favourites.favourites WHERE product_id = $1',
        [doomed],
      );
      expect(rows).toEqual([{ is_active: false }]);
    }, 10_000);
    const list = await http('GET', '/api/favorites', { cookie: users.buyer.cookie });
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([product]);
  });

  it('messaging: a rename and a new listing while it is down reach its read models after the restart', async () => {
    let listed = '';
    await crashAndRecover('messaging', async () => {
      expect(
        (
          await http('PUT', `/api/users/${users.seller.id}`, {
            cookie: users.seller.cookie,
            body: { firstName: 'Messaged', lastName: 'WhileDown', location: 'Nara' },
          })
        ).status,
      ).toBe(200);
      listed = await listProduct('Kokeshi doll, cherry wood');
    });
    await eventually(async () => {
      const res = await http('GET', '/api/messages/conversations', { cookie: users.buyer.cookie });
      expect(res.body[0].toUser).toMatchObject({ firstName: 'Messaged', lastName: 'WhileDown' });
      const rows = await stack.infra.database.query('SELECT title FROM messaging.products WHERE id = $1', [listed]);
      expect(rows).toEqual([{ title: 'Kokeshi doll, cherry wood' }]);
    }, 10_000);
  });

  it('payments: a product removed while it is down fails its open checkout after the restart', async () => {
    const item = await listProduct('Furoshiki cloth, cotton');
    const intent = await http('POST', '/api/create-payment-intent', {
      cookie: users.buyer.cookie,
      body: {
        productId: item,
        amount: '12.00',
        guestInfo: {
          billingStreet: '1 Main St',
          billingCity: 'Springfield',
          billingZip: '10001',
          sameAsDelivery: true,
        },
      },
    });
    expect(intent.status).toBe(200);
    await crashAndRecover('payments', async () => {
      expect((await http('DELETE', `/api/products/${item}`, { cookie: users.seller.cookie })).status).toBe(204);
    });
    await eventually(async () => {
      const rows = await stack.infra.database.query<{ status: string }>(
        'SELECT status FROM payments.orders WHERE product_id = $1',
        [item],
      );
      expect(rows).toEqual([{ status: 'failed' }]);
    }, 10_000);
  });

  it('kept serving the whole time: no request hung (every answer within 5 s)', () => {
    expect(samples.length).toBeGreaterThan(50);
    expect(samples.filter((s) => s.ms >= 5_000 || s.status === 0)).toEqual([]);
  });
});
