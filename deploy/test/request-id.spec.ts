import { randomUUID } from 'node:crypto';
import { eventually, freePort, startTestInfra, type TestInfra } from '@souvenir/testing';
import { jsonLines, startProcess, waitReady } from './support';

// catalog and the gateway as built processes at LOG_LEVEL=debug (the gateway's access line and the services'
// per-request line are debug): one request id must be findable in both processes' JSON logs.
let infra: TestInfra;
let gateway: ReturnType<typeof startProcess>;
let catalog: ReturnType<typeof startProcess>;
let gatewayUrl: string;

beforeAll(async () => {
  infra = await startTestInfra();
  const [catalogPort, gatewayPort] = [await freePort(), await freePort()];
  catalog = startProcess('catalog', {
    ...infra.env,
    HTTP_PORT: String(catalogPort),
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
  });
  gateway = startProcess('gateway', {
    ...infra.env,
    PORT: String(gatewayPort),
    METRICS_PORT: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
  });
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  await Promise.all([waitReady(`http://127.0.0.1:${catalogPort}/readyz`), waitReady(`${gatewayUrl}/readyz`)]);
});

afterAll(async () => {
  for (const p of [gateway, catalog])
    if (p && p.child.exitCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  await infra?.stop();
});

/** Waits for a log line of each process carrying the id: the gateway's for the route, catalog's for the subject. */
async function expectLoggedByBoth(requestId: string, route: string, subject: string): Promise<void> {
  await eventually(() => {
    const gatewayLine = jsonLines(gateway.lines).find((l) => l.requestId === requestId && l.route === route);
    const catalogLine = jsonLines(catalog.lines).find((l) => l.requestId === requestId && l.subject === subject);
    expect(gatewayLine).toMatchObject({ service: 'gateway', level: 'debug', msg: 'http request', status: 200 });
    expect(catalogLine).toMatchObject({ service: 'catalog', level: 'debug', msg: 'rpc handled', outcome: 'ok' });
  }, 5_000);
}

it("the caller's X-Request-Id appears in the gateway's log line and in the service's log line", async () => {
  const requestId = `test-${randomUUID()}`;
  const res = await fetch(`${gatewayUrl}/api/categories`, { headers: { 'X-Request-Id': requestId } });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toBe(requestId);
  await expectLoggedByBoth(requestId, '/api/categories', 'catalog.category.list');
});

it('without X-Request-Id the gateway makes one, returns it, and both processes log it', async () => {
  const res = await fetch(`${gatewayUrl}/api/products`);
  expect(res.status).toBe(200);
  const requestId = res.headers.get('x-request-id')!;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expectLoggedByBoth(requestId, '/api/products', 'catalog.product.list');
  // No other request shares it: ids are per request, not per connection or process.
  expect(jsonLines(gateway.lines).filter((l) => l.requestId === requestId && l.msg === 'http request')).toHaveLength(1);
});
