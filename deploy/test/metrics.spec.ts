import { networkInterfaces } from 'node:os';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { freePort, startTestInfra, type TestInfra } from '@souvenir/testing';
import { startProcess, waitReady } from './support';

/**
 * Sum of a counter's samples whose labels include every given label (0 when there is none yet): a counter
 * appears only once it has been incremented, so "before" may legitimately be absent.
 */
function counterValue(text: string, name: string, labels: Record<string, string>): number {
  let total = 0;
  for (const m of text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} (\\S+)$`, 'gm'))) {
    const sample = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => sample[k] === v)) total += Number(m[2]);
  }
  return total;
}

const scrapeText = async (url: string) => (await fetch(url)).text();

// identity, catalog and the gateway as built processes; traffic through the gateway, then all three scraped.
let infra: TestInfra;
let nc: NatsConnection;
const processes: ReturnType<typeof startProcess>[] = [];
let gatewayUrl: string;
let gatewayMetricsUrl: string;
let identityMetricsUrl: string;
let catalogMetricsUrl: string;
let loopbackOnlyPorts: number[];
const seenRequestIds: (string | undefined)[] = [];

beforeAll(async () => {
  infra = await startTestInfra();
  const [identityPort, catalogPort, gatewayPort, metricsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  processes.push(
    startProcess('identity', { ...infra.env, HTTP_PORT: String(identityPort), NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
  );
  processes.push(
    startProcess('catalog', { ...infra.env, HTTP_PORT: String(catalogPort), NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
  );
  processes.push(
    startProcess('gateway', {
      ...infra.env,
      PORT: String(gatewayPort),
      METRICS_PORT: String(metricsPort),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    }),
  );
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  gatewayMetricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  identityMetricsUrl = `http://127.0.0.1:${identityPort}/metrics`;
  catalogMetricsUrl = `http://127.0.0.1:${catalogPort}/metrics`;
  loopbackOnlyPorts = [identityPort, metricsPort];
  await Promise.all([
    waitReady(`http://127.0.0.1:${identityPort}/readyz`),
    waitReady(`http://127.0.0.1:${catalogPort}/readyz`),
    waitReady(`${gatewayUrl}/readyz`),
  ]);
  // A plain subscriber (no queue group) sees the requests the gateway sends, headers included.
  nc = await connect({ servers: infra.natsUrl });
  nc.subscribe('identity.>', {
    callback: (_e, msg) => {
      seenRequestIds.push(msg.headers?.get('X-Request-Id'));
    },
  });
  await nc.flush();
});

afterAll(async () => {
  await nc?.close();
  for (const p of processes)
    if (p.child.exitCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  await infra?.stop();
});

it("the gateway returns the caller's X-Request-Id (or makes one) and sends it to the services in NATS headers", async () => {
  const res = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: gatewayUrl, 'X-Request-Id': 'req-metrics-1' },
    body: JSON.stringify({
      email: 'metrics@example.com',
      password: 'secret1',
      username: 'metrics',
      firstName: 'Ana',
      lastName: 'Lopez',
      location: 'Lisbon',
    }),
  });
  expect(res.status).toBeLessThan(300);
  expect(res.headers.get('x-request-id')).toBe('req-metrics-1');
  await nc.flush();
  expect(seenRequestIds).toContain('req-metrics-1');

  const made = await fetch(`${gatewayUrl}/healthz`);
  expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

/** This machine's addresses that other hosts can reach (none on a machine with loopback only). */
const externalAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a!.address);

it('health and metrics listen on loopback only unless HTTP_HOST / METRICS_HOST say otherwise', async () => {
  const reached = async (url: string) =>
    fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status,
      () => 'refused',
    );
  for (const port of loopbackOnlyPorts) {
    expect(await reached(`http://127.0.0.1:${port}/metrics`)).toBe(200);
    for (const address of externalAddresses())
      expect([address, port, await reached(`http://${address}:${port}/metrics`)]).toEqual([address, port, 'refused']);
  }
});

it('identity exposes RPC, outbox and consumer metrics at /metrics', async () => {
  const res = await fetch(identityMetricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toMatch(/^rpc_handled_total\{subject="identity\.user\.register",outcome="ok"\} 1$/m);
  for (const name of [
    'rpc_handle_duration_seconds_bucket',
    'outbox_backlog_events',
    'outbox_oldest_unpublished_age_seconds',
    'outbox_parked_events',
    'outbox_publish_delay_seconds_bucket',
    'process_cpu_seconds_total',
    'nodejs_eventloop_lag_seconds',
  ]) {
    expect(text).toContain(name);
  }
  for (const name of ['jetstream_consumer_pending_messages', 'jetstream_consumer_ack_pending_messages'])
    expect(text).toContain(`# TYPE ${name} gauge`);
});

it('the gateway exposes HTTP rate, errors and latency at /metrics on its metrics port', async () => {
  await fetch(`${gatewayUrl}/api/products/not-a-uuid`);
  const text = await (await fetch(gatewayMetricsUrl)).text();
  expect(text).toMatch(/^http_requests_total\{method="POST",route="\/api\/auth\/register",status="201"\} 1$/m);
  expect(text).toMatch(
    /^http_request_duration_seconds_bucket\{le="[^"]+",method="POST",route="\/api\/auth\/register"\} \d+$/m,
  );
  expect(text).toMatch(/^http_requests_total\{method="GET",route="[^"]+",status="4\d\d"\} 1$/m);
  expect(text).toContain('process_resident_memory_bytes');
  expect((await fetch(`${gatewayUrl}/metrics`)).headers.get('content-type')).not.toMatch(/^text\/plain; version/);
});

it('the request counters move with traffic: gateway HTTP counter per route, catalog NATS handler counter per subject', async () => {
  const counters = async () => {
    const [gateway, catalog] = await Promise.all([scrapeText(gatewayMetricsUrl), scrapeText(catalogMetricsUrl)]);
    return {
      products: counterValue(gateway, 'http_requests_total', { method: 'GET', route: '/api/products', status: '200' }),
      categories: counterValue(gateway, 'http_requests_total', {
        method: 'GET',
        route: '/api/categories',
        status: '200',
      }),
      listProducts: counterValue(catalog, 'rpc_handled_total', { subject: 'catalog.product.list', outcome: 'ok' }),
      listCategories: counterValue(catalog, 'rpc_handled_total', { subject: 'catalog.category.list', outcome: 'ok' }),
    };
  };
  const before = await counters();
  const [productRequests, categoryRequests] = [3, 2];
  for (let i = 0; i < productRequests; i++) expect((await fetch(`${gatewayUrl}/api/products`)).status).toBe(200);
  for (let i = 0; i < categoryRequests; i++) expect((await fetch(`${gatewayUrl}/api/categories`)).status).toBe(200);
  // The gateway counts a request on the response's 'finish' event; the reply is already here, give it a tick.
  await new Promise((r) => setTimeout(r, 50));
  const after = await counters();

  expect(after.products - before.products).toBeGreaterThanOrEqual(productRequests);
  expect(after.categories - before.categories).toBeGreaterThanOrEqual(categoryRequests);
  expect(after.listProducts - before.listProducts).toBeGreaterThanOrEqual(productRequests);
  expect(after.listCategories - before.listCategories).toBeGreaterThanOrEqual(categoryRequests);
});
