// Sessions, CSRF and brute force, against real Redis and two gateway replicas sharing it.
import type { INestApplication } from '@nestjs/common';
import { startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import { Redis } from 'ioredis';
import request from 'supertest';
import { startGateway } from '../../gateway/test/gateway-harness';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../services/identity/src/app.module';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { cookieOf, expectErrorShape, listRoutes, register, unique } from '../support/world';

let infra: TestInfra;
let identity: INestApplication;
let gatewayA: INestApplication;
let gatewayB: INestApplication;
let a: ReturnType<typeof request>;
let b: ReturnType<typeof request>;
let redis: Redis;

const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
const key = (cookie: string) => `sess:${sidOf(cookie)}`;
const login = (http: ReturnType<typeof request>, username: string, password = 'secret1') =>
  http.post('/api/auth/login').send({ username, password });

beforeAll(async () => {
  infra = await startTestInfra();
  identity = await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra);
  // One trusted proxy hop: the brute-force tests play clients at many addresses through X-Forwarded-For.
  const env = {
    SESSION_IDLE_MINUTES: '1',
    SESSION_ABSOLUTE_HOURS: '1',
    TRUST_PROXY_HOPS: '1',
    LOGIN_FREE_FAILURES_PER_CLIENT: '3',
    LOGIN_MAX_PER_ACCOUNT: '8',
    LOGIN_MAX_PER_IP: '10',
    REGISTER_MAX_PER_IP: '1000',
  };
  gatewayA = await startGateway(infra, env);
  gatewayB = await startGateway(infra, env);
  a = request(gatewayA.getHttpServer());
  b = request(gatewayB.getHttpServer());
  redis = new Redis(infra.redisUrl);
}, 120_000);

afterAll(async () => {
  redis?.disconnect();
  await gatewayA?.close();
  await gatewayB?.close();
  await identity?.close();
  await infra?.stop();
});

beforeEach(async () => {
  const keys = await redis.keys('rl:*');
  if (keys.length) await redis.del(...keys);
});

describe('session cookie and lifetime', () => {
  it('sets HttpOnly, SameSite=Lax, Path=/, no Secure over plain http, and an expiry past the idle lifetime', async () => {
    const user = await register(a, unique('ck'));
    const res = await login(a, user.username).expect(200);
    const header = String(res.headers['set-cookie']?.[0]);
    expect(header).toMatch(/^souvenir\.sid=s%3A/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Secure/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(header)![1]);
    // The idle lifetime (1 min here) and the minute within which "last seen" rewrites the cookie: it never ends before
    // the session in Redis, whose TTL is the idle lifetime (the idle expiry test below).
    expect(Math.abs(expires - (Date.now() + 2 * 60_000))).toBeLessThan(5_000);
    // A forged or tampered cookie is a guest, not a user.
    const forged = cookieOf(res).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await a.get('/api/auth/me').set('Cookie', forged).expect(401);
  });

  it('rotates the session id on login and register; the old id is gone from Redis', async () => {
    const user = await register(a, unique('rot'));
    const first = cookieOf(await login(a, user.username).expect(200));
    const second = cookieOf(await login(a, user.username).set('Cookie', first).expect(200));
    expect(sidOf(second)).not.toBe(sidOf(first));
    expect(await redis.exists(key(first))).toBe(0);
    await a.get('/api/auth/me').set('Cookie', first).expect(401);
    const u2 = unique('rot');
    const third = await a
      .post('/api/auth/register')
      .set('Cookie', second)
      .send({ email: `${u2}@example.com`, password: 'secret1', username: u2, firstName: 'R', lastName: 'R' })
      .expect(201);
    expect(sidOf(cookieOf(third))).not.toBe(sidOf(second));
    expect(await redis.exists(key(second))).toBe(0);
  });

  it('logout deletes the Redis session on every replica, and the old cookie is a guest', async () => {
    const user = await register(a, unique('out'));
    const cookie = cookieOf(await login(a, user.username).expect(200));
    await b.get('/api/auth/me').set('Cookie', cookie).expect(200); // replicas share sessions
    expect(await redis.exists(key(cookie))).toBe(1);
    const out = await b.post('/api/auth/logout').set('Cookie', cookie).expect(204);
    expect(String(out.headers['set-cookie']?.[0])).toMatch(/souvenir\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await redis.exists(key(cookie))).toBe(0);
    await a.get('/api/auth/me').set('Cookie', cookie).expect(401);
  });

  it('idle expiry: the Redis TTL is the idle lifetime, every request rolls it, and an idle session ends', async () => {
    const user = await register(a, unique('idle'));
    const cookie = cookieOf(await login(a, user.username).expect(200));
    const ttl = await redis.ttl(key(cookie));
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);
    await redis.expire(key(cookie), 5); // as if the user had been idle for 55 s
    await a.get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(await redis.ttl(key(cookie))).toBeGreaterThan(50); // activity rolled the idle window
    await redis.pexpire(key(cookie), 1); // idle past the limit
    await new Promise((r) => setTimeout(r, 20));
    await a.get('/api/auth/me').set('Cookie', cookie).expect(401);
  });

  it('absolute expiry: a session older than the absolute lifetime ends however active it is', async () => {
    const user = await register(a, unique('abs'));
    const cookie = cookieOf(await login(a, user.username).expect(200));
    const age = async (ms: number) => {
      const stored = JSON.parse((await redis.get(key(cookie)))!);
      stored.signedInAt = Date.now() - ms;
      await redis.set(key(cookie), JSON.stringify(stored), 'KEEPTTL');
    };
    await age(59 * 60_000); // just inside one hour
    await a.get('/api/auth/me').set('Cookie', cookie).expect(200);
    await age(61 * 60_000);
    await b.get('/api/auth/me').set('Cookie', cookie).expect(401);
    expect(await redis.exists(key(cookie))).toBe(0);
  });
});

describe('CSRF', () => {
  it('refuses every state-changing route from a foreign Origin (403), signed in or not, and accepts its own origin', async () => {
    const user = await register(a, unique('csrf'));
    const routes = listRoutes(gatewayA).filter((r) => !r.startsWith('GET ') && !r.includes('/webhooks/'));
    expect(routes.length).toBeGreaterThan(10);
    const fakeId = '3f1c2f8e-1111-4111-8111-111111111111';
    for (const route of routes) {
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(/:[A-Za-z]+/g, fakeId);
      for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
        for (const cookie of [user.cookie, undefined]) {
          let req = a[method.toLowerCase() as 'post'](path).set('Origin', origin);
          if (cookie) req = req.set('Cookie', cookie);
          const res = await req.send({});
          if (res.status !== 403) throw new Error(`${route} from ${origin} answered ${res.status}`);
          expectErrorShape(res.body, 403);
        }
      }
    }
    // A mail's one-click unsubscribe is exempt (mail providers post a form, with no Origin or their own): it reads no
    // session, so a foreign page gains nothing, and its token alone decides (the notifications service, absent here).
    const oneClick = await a
      .post('/api/unsubscribe/eyJ1IjoxfQ.c2lnbmF0dXJl')
      .set('Origin', 'https://evil.example')
      .set('Cookie', user.cookie)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect([403, 415]).not.toContain(oneClick.status);
    // Nothing happened: the user is still signed in, and a same-origin request goes through.
    await a.get('/api/auth/me').set('Cookie', user.cookie).expect(200);
    const server = gatewayA.getHttpServer();
    const { port } = server.address() as { port: number };
    await a
      .post('/api/auth/logout')
      .set('Origin', `http://127.0.0.1:${port}`)
      .set('Host', `127.0.0.1:${port}`)
      .set('Cookie', user.cookie)
      .expect(204);
    // A form post (not JSON) is refused even without an Origin.
    await a
      .post('/api/auth/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('username=x&password=y')
      .expect(415);
  });
});

describe('brute force', () => {
  const from = (http: ReturnType<typeof request>, ip: string, username: string, password = 'secret1') =>
    http.post('/api/auth/login').set('X-Forwarded-For', ip).send({ username, password });
  const expectSlowedDown = (res: request.Response) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ statusCode: 429, message: 'Too many attempts. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    return Number(res.headers['retry-after']);
  };
  const pause = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000 + 100));

  it("never lets an attacker's wrong passwords from one address stop the owner signing in from another", async () => {
    const victim = await register(a, unique('vic'));
    const attacker = '203.0.113.7';
    for (let i = 0; i < 4; i++) await from(i % 2 ? b : a, attacker, victim.username, `guess${i}`).expect(401); // 3 free, then 1 per pause
    // Two more paced guesses, each after its pause (1 s, then 2 s): the pause is now 4 s, long enough for the checks
    // below to run inside it even on a loaded machine (with a 1 s pause, 20 requests in a row could outlast it).
    await pause(1);
    await from(b, attacker, victim.username, 'guess4').expect(401);
    await pause(2);
    await from(a, attacker, victim.username, 'guess5').expect(401);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => from(i % 2 ? b : a, attacker, victim.username, `guess${i + 6}`)),
    ); // both replicas
    guesses.forEach(expectSlowedDown);
    expectSlowedDown(await from(b, attacker, victim.username)); // even the right password: no oracle for the attacker
    expectSlowedDown(await from(a, attacker, ` ${victim.username.toUpperCase()} `)); // case and spaces are the same account
    // The owner, at an address that never signed in before, on either replica.
    await from(a, '198.51.100.1', victim.username).expect(200);
    await from(b, '198.51.100.1', victim.username).expect(200);
  });

  it('slows one client guessing one account: concurrent guesses cannot slip in, and each pause doubles', async () => {
    const victim = await register(a, unique('slow'));
    const attacker = '203.0.113.8';
    for (let i = 0; i < 3; i++) await from(a, attacker, victim.username, `guess${i}`).expect(401);
    const burst = async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => from(i % 2 ? b : a, attacker, victim.username, `burst${i}`)),
      );
      expect(answers.filter((r) => r.status === 401)).toHaveLength(1); // one guess per pause, however many are sent at once
      return Math.max(...answers.filter((r) => r.status !== 401).map(expectSlowedDown));
    };
    const first = await burst();
    await pause(first);
    const second = await burst();
    expect(second).toBeGreaterThanOrEqual(2 * first);
  });

  it('slows guesses spread over many addresses on one account, but not the owner at an address they signed in from', async () => {
    const victim = await register(a, unique('dist'));
    const home = '198.51.100.2';
    await from(a, home, victim.username).expect(200);
    for (let i = 0; i < 8; i++) await from(i % 2 ? b : a, `10.1.0.${i}`, victim.username, `guess${i}`).expect(401); // the account's free failures
    await from(a, '10.1.1.1', victim.username, 'guess-9').expect(401); // then one per pause, whoever sends it
    await pause(1);
    await from(b, '10.1.1.2', victim.username, 'guess-10').expect(401); // after 1 s, and after 2 s more: the pause is 4 s now
    await pause(2);
    await from(a, '10.1.1.3', victim.username, 'guess-11').expect(401);
    for (let i = 0; i < 5; i++) expectSlowedDown(await from(b, `10.1.2.${i}`, victim.username, `guess${i}`));
    await from(a, home, victim.username).expect(200);
    await from(b, home, victim.username).expect(200);
    // The owner on a network they never used is slowed like any stranger until the pause ends (not locked out).
    expectSlowedDown(await from(a, '10.1.3.1', victim.username));
  });

  it('slows one address trying many accounts, across replicas', async () => {
    const sprayer = '192.0.2.50';
    for (let i = 0; i < 10; i++) await from(i % 2 ? b : a, sprayer, unique('spray')).expect(401);
    await from(a, sprayer, unique('spray')).expect(401); // the first paced attempt (then 1 s), then after 2 s: the pause is 4 s
    await pause(1);
    await from(b, sprayer, unique('spray')).expect(401);
    await pause(2);
    await from(a, sprayer, unique('spray')).expect(401);
    expectSlowedDown(await from(a, sprayer, unique('spray')));
    expectSlowedDown(await from(b, sprayer, unique('spray')));
    await from(a, '192.0.2.51', unique('spray')).expect(401); // another address is not slowed
  });

  it('answers an unknown user and a wrong password alike (same status, body, and comparable time)', async () => {
    const user = await register(a, unique('same'));
    const time = async (username: string) => {
      const started = process.hrtime.bigint();
      const res = await a.post('/api/auth/login').send({ username, password: 'not-the-password' });
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.status, body: res.body };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const w = await time(user.username);
      const u = await time(unique('ghost'));
      expect(w.status).toBe(401);
      expect(u.status).toBe(401);
      expect(u.body).toEqual(w.body);
      expect(w.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });
      wrong.push(w.ms);
      unknown.push(u.ms);
      await redis.del(...(await redis.keys('rl:*')));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1];
    // Both paths verify an argon2 hash: an unknown user is not answered measurably faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });
});
