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
  const env = { SESSION_IDLE_MINUTES: '1', SESSION_ABSOLUTE_HOURS: '1', LOGIN_MAX_PER_ACCOUNT: '4', LOGIN_MAX_PER_IP: '10', REGISTER_MAX_PER_IP: '1000' };
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
  it('sets HttpOnly, SameSite=Lax, Path=/, no Secure over plain http, and an expiry of the idle lifetime', async () => {
    const user = await register(a, unique('ck'));
    const res = await login(a, user.username).expect(200);
    const header = String(res.headers['set-cookie']?.[0]);
    expect(header).toMatch(/^souvenir\.sid=s%3A/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Secure/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(header)![1]);
    expect(Math.abs(expires - (Date.now() + 60_000))).toBeLessThan(5_000); // the idle lifetime (1 min here)
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
    const third = await a.post('/api/auth/register').set('Cookie', second)
      .send({ email: `${u2}@example.com`, password: 'secret1', username: u2, firstName: 'R', lastName: 'R' }).expect(201);
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
    // Nothing happened: the user is still signed in, and a same-origin request goes through.
    await a.get('/api/auth/me').set('Cookie', user.cookie).expect(200);
    const server = gatewayA.getHttpServer();
    const { port } = server.address() as { port: number };
    await a.post('/api/auth/logout').set('Origin', `http://127.0.0.1:${port}`).set('Host', `127.0.0.1:${port}`).set('Cookie', user.cookie).expect(204);
    // A form post (not JSON) is refused even without an Origin.
    await a.post('/api/auth/login').set('Content-Type', 'application/x-www-form-urlencoded').send('username=x&password=y').expect(415);
  });
});

describe('brute force', () => {
  it('holds the per-account login limit across two gateway replicas sharing Redis', async () => {
    const victim = await register(a, unique('vic'));
    const bystander = await register(a, unique('by'));
    for (let i = 0; i < 4; i++) await (i % 2 ? b : a).post('/api/auth/login').set('X-Forwarded-For', `10.0.0.${i}`).send({ username: victim.username, password: 'guess' + i }).expect(401);
    for (const http of [a, b]) {
      const res = await login(http, victim.username).expect(429); // even the right password
      expect(res.body).toEqual({ statusCode: 429, message: 'Too many attempts. Please try again later.' });
    }
    // Case and spaces do not make a new account key.
    await login(b, ` ${victim.username.toUpperCase()} `).expect(429);
    await login(a, bystander.username).expect(200);
  });

  it('holds the per-IP login limit across replicas, whatever usernames are tried', async () => {
    for (let i = 0; i < 10; i++) await (i % 2 ? b : a).post('/api/auth/login').send({ username: unique('spray'), password: 'secret1' }).expect(401);
    await login(a, unique('spray')).expect(429);
    await login(b, unique('spray')).expect(429);
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
