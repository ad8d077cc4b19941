// HTTP load through the gateway with autocannon; latencies are recorded per response so p95 is exact.
import autocannon from 'autocannon';
import { percentiles } from './stats.mjs';

/**
 * Closed-loop load: `connections` clients, each sending its next request when the previous answered.
 * Returns latency percentiles (ms), requests/s, errors (socket errors and timeouts) and non-2xx answers.
 */
export async function load({ url, headers = {}, method = 'GET', body, connections, duration, requests }) {
  const latencies = [];
  const statuses = {};
  const instance = autocannon({
    url, method, headers: { accept: 'application/json', ...headers }, body, connections, duration,
    timeout: 10, ...(requests ? { requests } : {}),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const non2xx = Object.entries(statuses).filter(([s]) => s < 200 || s >= 300).reduce((a, [, n]) => a + n, 0);
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
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json', origin: base } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!expect.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res;
}

export async function login(base, username, password) {
  const res = await call(base, '/api/auth/login', { method: 'POST', body: { username, password } });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const me = await res.json();
  return { cookie: cookies.join('; '), me };
}
