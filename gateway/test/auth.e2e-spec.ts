import type { INestApplication } from '@nestjs/common';
import { startService, startTestInfra, type TestInfra, type ServiceProcess } from '@souvenir/testing';
import { Redis } from 'ioredis';
import { MESSAGES } from '@souvenir/contracts';
import request from 'supertest';
import { cookieOf, sessionKeyOf, startGateway } from './gateway-harness';

let infra: TestInfra;
let identity: ServiceProcess;
let gateway: INestApplication;
let http: ReturnType<typeof request>;

const join = (n: string, extra: Record<string, unknown> = {}) => ({
  email: `${n}@example.com`,
  password: 'secret1',
  username: n,
  firstName: n[0].toUpperCase() + n.slice(1),
  lastName: 'Traveller',
  location: 'Porto',
  ...extra,
});

beforeAll(async () => {
  infra = await startTestInfra();
  identity = await startService('identity', infra);
  gateway = await startGateway(infra, { LOGIN_FREE_FAILURES_PER_CLIENT: '3', RPC_TIMEOUT_MS: '1500' });
  http = request(gateway.getHttpServer());
});

afterAll(async () => {
  await gateway?.close();
  await identity?.close();
  await infra?.stop();
});

describe('auth and sessions', () => {
  it('registers with 201, signs the user in and sets a HttpOnly SameSite=Lax cookie (not Secure over http)', async () => {
    const res = await http.post('/api/auth/register').send(join('amelia')).expect(201);
    expect(res.body).toMatchObject({
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      isVerified: false,
    });
    expect(res.body).not.toHaveProperty('password');
    const cookie = String(res.headers['set-cookie']?.[0]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await http.get('/api/auth/me').set('Cookie', cookieOf(res)).expect(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it('sets Secure behind an HTTPS proxy', async () => {
    const proxied = await startGateway(infra, { TRUST_PROXY_HOPS: '1' });
    try {
      const res = await request(proxied.getHttpServer())
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ username: 'amelia', password: 'secret1' })
        .expect(200);
      expect(String(res.headers['set-cookie']?.[0])).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it("makes no session for a guest's read without the cookie, and still signs in and reads with one", async () => {
    const redis = new Redis(infra.redisUrl);
    try {
      const before = (await redis.keys('sess:*')).length;
      const guest = await http.get('/api/auth/me').expect(401);
      expect(guest.headers['set-cookie']).toBeUndefined();
      expect((await redis.keys('sess:*')).length).toBe(before);
      const login = await http.post('/api/auth/login').send({ username: 'amelia', password: 'secret1' }).expect(200);
      expect((await redis.keys('sess:*')).length).toBe(before + 1);
      const me = await http
        .get('/api/auth/me')
        .set('Cookie', `theme=dark; ${cookieOf(login)}`)
        .expect(200);
      expect(me.body.username).toBe('amelia');
      // The session's idle lifetime restarts in Redis; the cookie is written again only once "last seen" moves.
      expect(me.headers['set-cookie']).toBeUndefined();
      const sessionKey = sessionKeyOf(cookieOf(login));
      const stored = JSON.parse((await redis.get(sessionKey)) ?? '{}') as { lastSeenAt: number };
      await redis.set(sessionKey, JSON.stringify({ ...stored, lastSeenAt: Date.now() - 61_000 }), 'KEEPTTL');
      const later = await http.get('/api/auth/me').set('Cookie', cookieOf(login)).expect(200);
      expect(String(later.headers['set-cookie']?.[0])).toMatch(/^souvenir\.sid=.*Expires=/);
      expect(String(later.headers['set-cookie']?.[1])).toMatch(/^souvenir\.signed-in=1/);
      await http
        .post('/api/auth/logout')
        .set('Cookie', cookieOf(login))
        .expect((res) => expect(res.status).toBeLessThan(300));
    } finally {
      redis.disconnect();
    }
  });

  it('answers 401 for me without a session, in the error shape', async () => {
    const res = await http.get('/api/auth/me').expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: expect.any(String) });
  });

  it('refuses bad registrations with 400 and the spec messages, duplicates with 409', async () => {
    const bad = await http
      .post('/api/auth/register')
      .send({ email: 'x', password: '1', username: 'a', firstName: '', lastName: '' })
      .expect(400);
    expect(bad.body.statusCode).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid email address' },
        { field: 'password', message: 'Password must be at least 6 characters' },
        { field: 'username', message: 'Username must be at least 3 characters' },
        { field: 'firstName', message: 'First name is required' },
        { field: 'lastName', message: 'Last name is required' },
      ]),
    );
    const dup = await http
      .post('/api/auth/register')
      .send(join('AMELIA', { email: 'other@example.com' }))
      .expect(409);
    expect(dup.body).toMatchObject({ statusCode: 409, message: 'Username is already taken' });
    await http
      .post('/api/auth/register')
      .send({ ...join('zed'), isVerified: true })
      .expect(400);
  });

  it('logs in with a new session id, and answers alike for unknown user and wrong password', async () => {
    const first = await http.post('/api/auth/login').send({ username: 'amelia', password: 'secret1' }).expect(200);
    const second = await http
      .post('/api/auth/login')
      .set('Cookie', cookieOf(first))
      .send({ username: 'amelia', password: 'secret1' })
      .expect(200);
    expect(cookieOf(second)).not.toBe(cookieOf(first));
    await http.get('/api/auth/me').set('Cookie', cookieOf(first)).expect(401);
    const wrong = await http.post('/api/auth/login').send({ username: 'amelia', password: 'wrong!!' }).expect(401);
    const unknown = await http.post('/api/auth/login').send({ username: 'nobody', password: 'wrong!!' }).expect(401);
    expect(wrong.body).toEqual({ statusCode: 401, message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
    const empty = await http.post('/api/auth/login').send({ username: '', password: '' }).expect(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'Username is required' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('logout deletes the session from Redis', async () => {
    const login = await http.post('/api/auth/login').send({ username: 'amelia', password: 'secret1' }).expect(200);
    const redis = new Redis(infra.redisUrl);
    try {
      const sessionKey = sessionKeyOf(cookieOf(login));
      expect(await redis.exists(sessionKey)).toBe(1);
      await http.post('/api/auth/logout').set('Cookie', cookieOf(login)).expect(204);
      expect(await redis.exists(sessionKey)).toBe(0);
      await http.get('/api/auth/me').set('Cookie', cookieOf(login)).expect(401);
    } finally {
      redis.disconnect();
    }
  });

  it('slows a client after its free failures on an account (429 with Retry-After), never locks the owner out, and counts failures only', async () => {
    await http.post('/api/auth/register').send(join('target')).expect(201);
    await http.post('/api/auth/register').send(join('bystander')).expect(201);
    for (let i = 0; i < 3; i++)
      await http.post('/api/auth/login').send({ username: 'target', password: 'bad-guess' }).expect(401);
    await http.post('/api/auth/login').send({ username: 'target', password: 'bad-guess' }).expect(401); // one attempt per pause
    const limited = await http.post('/api/auth/login').send({ username: 'target', password: 'secret1' }).expect(429);
    expect(limited.body).toEqual({ statusCode: 429, message: 'Too many attempts. Please try again later.' });
    expect(limited.headers['retry-after']).toBe('1');
    await http.post('/api/auth/login').send({ username: 'bystander', password: 'secret1' }).expect(200);
    await new Promise((r) => setTimeout(r, 1100));
    await http.post('/api/auth/login').send({ username: 'target', password: 'secret1' }).expect(200); // slowed, not locked
    // Success forgets this client's failures, and successes are never counted.
    for (let i = 0; i < 5; i++)
      await http.post('/api/auth/login').send({ username: 'target', password: 'secret1' }).expect(200);
    for (let i = 0; i < 4; i++)
      await http.post('/api/auth/login').send({ username: 'target', password: 'bad-guess' }).expect(401);
  });

  it("refuses usernames that look like another user's at registration, and names with invisible or bidi characters", async () => {
    await http.post('/api/auth/register').send(join('yuki')).expect(201);
    for (const username of ['yuk\u0456', 'ｙｕｋｉ', 'yu\u200Bki', '\u202Eikuy', '<b>yuki</b>']) {
      const res = await http.post('/api/auth/register').send(join('lookalike', { username })).expect(400);
      expect(res.body.errors).toEqual([{ field: 'username', message: MESSAGES.usernameCharacters }]);
    }
    await http
      .post('/api/auth/register')
      .send(join('yUKi', { email: 'yuki2@example.com' }))
      .expect(409);
    const names = await http
      .post('/api/auth/register')
      .send(join('yuki3', { firstName: 'Yu\u200Bki', lastName: '\u202Eakanat' }))
      .expect(400);
    expect(names.body.errors).toEqual([
      { field: 'firstName', message: MESSAGES.firstNameNotPlain },
      { field: 'lastName', message: MESSAGES.lastNameNotPlain },
    ]);
    // A lookalike is never an alias of the real account at sign-in either.
    await http.post('/api/auth/login').send({ username: 'ｙｕｋｉ', password: 'secret1' }).expect(401);
    await http.post('/api/auth/login').send({ username: 'yu\u212Ai', password: 'secret1' }).expect(401); // Kelvin sign, lower() is k
    await http.post('/api/auth/login').send({ username: ' YUKI ', password: 'secret1' }).expect(200);
  });
});

describe('profiles', () => {
  it('shows a user without email, lets only the owner edit (401/403/200) and 404s bad ids', async () => {
    const owner = await http.post('/api/auth/register').send(join('olga')).expect(201);
    const other = await http.post('/api/auth/register').send(join('pavel')).expect(201);
    const publicView = await http.get(`/api/users/${owner.body.id}`).expect(200);
    expect(publicView.body).not.toHaveProperty('email');
    expect(publicView.body).toMatchObject({ username: 'olga', firstName: 'Olga' });

    const changes = { firstName: 'Olga', lastName: 'Petrova', location: 'Riga' };
    await http.put(`/api/users/${owner.body.id}`).send(changes).expect(401);
    await http.put(`/api/users/${owner.body.id}`).set('Cookie', cookieOf(other)).send(changes).expect(403);
    const updated = await http
      .put(`/api/users/${owner.body.id}`)
      .set('Cookie', cookieOf(owner))
      .send(changes)
      .expect(200);
    expect(updated.body).toMatchObject({ lastName: 'Petrova', location: 'Riga', email: 'olga@example.com' });
    const invalid = await http
      .put(`/api/users/${owner.body.id}`)
      .set('Cookie', cookieOf(owner))
      .send({ firstName: '', lastName: '' })
      .expect(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([{ field: 'firstName', message: 'First name is required' }]),
    );
    const spoofed = await http
      .put(`/api/users/${owner.body.id}`)
      .set('Cookie', cookieOf(owner))
      .send({ ...changes, lastName: 'Pet\u202Erova', location: 'Ri\u2028ga' })
      .expect(400);
    expect(spoofed.body.errors).toEqual([
      { field: 'lastName', message: MESSAGES.lastNameNotPlain },
      { field: 'location', message: MESSAGES.locationNotPlain },
    ]);
    const composed = await http
      .put(`/api/users/${owner.body.id}`)
      .set('Cookie', cookieOf(owner))
      .send({ ...changes, firstName: 'Ole\u0301na' })
      .expect(200);
    expect(composed.body.firstName).toBe('Ol\u00E9na'); // NFC: one spelling of é

    await http.get('/api/users/not-a-uuid').expect(404);
    await http.get('/api/users/00000000-0000-4000-8000-000000000000').expect(404);
  });
});

describe('request hygiene', () => {
  it('refuses a foreign Origin (403), non-JSON bodies (415), big bodies (413) and broken JSON (400)', async () => {
    await http
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ username: 'amelia', password: 'secret1' })
      .expect(403);
    const host = `http://127.0.0.1:${(gateway.getHttpServer().address() as { port: number }).port}`;
    await request(host)
      .post('/api/auth/login')
      .set('Origin', host)
      .send({ username: 'amelia', password: 'secret1' })
      .expect(200);
    await http.post('/api/auth/login').set('Content-Type', 'text/plain').send('username=amelia').expect(415);
    await http
      .post('/api/auth/login')
      .send({ username: 'x'.repeat(120_000), password: 'y' })
      .expect(413);
    const broken = await http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"username":')
      .expect(400);
    expect(broken.body).toEqual({ statusCode: 400, message: 'Request body is not valid JSON' });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await http.get('/api/nothing-here').expect(404);
    expect(res.body.statusCode).toBe(404);
  });

  it('answers 503 within 5 s when a service is down, while other routes keep working', async () => {
    await identity.close();
    try {
      const started = Date.now();
      const res = await http.get('/api/users/00000000-0000-4000-8000-000000000000').expect(503);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.body.statusCode).toBe(503);
      await http.get('/healthz').expect(200);
      await http.get('/api/users/not-a-uuid').expect(404);
    } finally {
      identity = await startService('identity', infra);
    }
    await http.post('/api/auth/login').send({ username: 'amelia', password: 'secret1' }).expect(200);
  });
});
