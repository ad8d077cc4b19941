// HTTP load through the gateway with autocannon; latencies are recorded per response so p95 is exact.
import autocannon from 'autocannon';
import { percentiles } from './stats.mjs';

/**
 * Closed-loop load: `connections` clients, each sending its next request when the previous answered.
 * Returns latency percentiles (ms), requests/s, errors (socket errors and timeouts) and non-2xx answers (304 is not
 * one with `notModifiedOk`: a revalidated poll).
 */
export async function load({
  url,
  headers = {},
  method = 'GET',
  body,
  connections,
  duration,
  requests,
  notModifiedOk = false,
}) {
  const latencies = [];
  const statuses = {};
  const instance = autocannon({
    url,
    method,
    headers: { accept: 'application/json', ...headers },
    body,
    connections,
    duration,
    timeout: 10,
    ...(requests ? { requests } : {}),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const non2xx = Object.entries(statuses)
    .filter(([s]) => (s < 200 || s >= 300) && !(notModifiedOk && Number(s) === 304))
    .reduce((a, [, n]) => a + n, 0);
  return {
    ...percentiles(latencies),
    rps: Math.round((latencies.length / (result.duration || duration)) * 10) / 10,
    requests: latencies.length,
    errors: result.errors + result.timeouts,
    non2xx,
    statuses,
  };
}

/** One request with cookies, failing loudly on an unexpected status. */
export async function call(base, path, { method = 'GET', cookie, body, expect = [200] } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json', origin: base } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!expect.includes(res.status))
    throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res;
}

export async function login(base, username, password) {
  const res = await call(base, '/api/auth/login', { method: 'POST', body: { username, password } });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const me = await res.json();
  return { cookie: cookies.join('; '), me };
}

/**
 * An HTTP client for the open-loop phases (mixed load, polling): undici's request API on a keep-alive pool. Node's
 * fetch cost the load generator ~1.4 ms of CPU per request (28 % of a core at 200 req/s), CPU taken from the
 * product on the same two cores. It asks for gzip/br like a browser, so the gateway compresses as it would for
 * users, but drops the body without decompressing it. Resolves to { status, text } (text only for errors);
 * rejects on network errors and after 10 s without an answer.
 */
export async function openLoopClient(base, { connections = 256 } = {}) {
  // Imported here: undici 8 needs Node ≥ 22.19 (npm run bench uses the workspace's Node 24).
  const { Pool } = await import('undici');
  const pool = new Pool(base, { connections, keepAliveTimeout: 30_000, headersTimeout: 10_000, bodyTimeout: 10_000 });
  return {
    /** `ifNoneMatch` revalidates like a browser's cache; the answer's ETag comes back as `etag`. */
    async send({ path, method = 'GET', cookie, body, ifNoneMatch }) {
      const res = await pool.request({
        path,
        method,
        headers: {
          accept: 'application/json',
          'accept-encoding': 'gzip, br',
          ...(cookie ? { cookie } : {}),
          ...(body ? { 'content-type': 'application/json', origin: base } : {}),
          ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const etag = res.headers.etag;
      if (res.statusCode === 304) {
        await res.body.dump();
        return { status: 304, text: '', etag };
      }
      // An error answer is small (under the 1 kB compression threshold), and its text is worth reporting.
      if (res.statusCode >= 300) return { status: res.statusCode, text: await res.body.text() };
      await res.body.dump({ limit: Infinity });
      return { status: res.statusCode, text: '', etag };
    },
    close: () => pool.close(),
  };
}
