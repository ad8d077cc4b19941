import type { INestApplication } from '@nestjs/common';
import { MESSAGES, PASSKEY_MESSAGES } from '@souvenir/contracts';
import {
  SoftAuthenticator,
  startService,
  startTestInfra,
  type TestInfra,
  type ServiceProcess,
} from '@souvenir/testing';
import request from 'supertest';
import { cookieOf, join, startGateway } from './gateway-harness';

/** Passkeys through the gateway over HTTP, with identity on real Postgres and NATS, sessions in real Redis. */
let infra: TestInfra;
let identity: ServiceProcess;
let gateway: INestApplication;
let http: ReturnType<typeof request>;

const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  infra = await startTestInfra();
  identity = await startService('identity', infra, {
    PUBLIC_URL: ORIGIN,
  });
  gateway = await startGateway(infra);
  http = request(await gateway.getUrl().then((url) => url.replace('[::1]', '127.0.0.1')));
});

afterAll(async () => {
  await gateway?.close();
  await identity?.close();
  await infra?.stop();
});

/** Adds a passkey of `authenticator` to the signed-in account, as the account page does. */
async function addPasskey(cookie: string, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await http.post('/api/auth/passkeys/registration-options').set('Cookie', cookie).send({}).expect(200);
  expect(options.headers['cache-control']).toBe('no-store');
  const response = authenticator.create(options.body);
  const added = await http.post('/api/auth/passkeys').set('Cookie', cookie).send({ name, response });
  expect(added.status).toBe(201);
  return added;
}

/** A browser with no session asks for login options: answers its new (guest) session cookie and the options. */
async function loginOptions(): Promise<{ cookie: string; options: { challenge: string } }> {
  const res = await http.post('/api/auth/passkeys/login-options').send({}).expect(200);
  expect(res.body.allowCredentials ?? []).toEqual([]);
  return { cookie: cookieOf(res), options: res.body };
}

describe('passkeys through the gateway', () => {
  it('is for signed-in people only, except signing in', async () => {
    await http.get('/api/auth/passkeys').expect(401);
    await http.post('/api/auth/passkeys/registration-options').send({}).expect(401);
    await http.post('/api/auth/passkeys').send({ response: {} }).expect(401);
    await http
      .delete('/api/auth/passkeys/7f1c8a43-5d2e-4e55-9a55-3f2b1d0c9e11')
      .send({ password: 'secret1' })
      .expect(401);
  });

  it('adds a passkey, lists it, signs in with it in another browser, and the answer counts once', async () => {
    const owner = await join(http, 'paulapk', 'Paula');
    const phone = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(owner.cookie, phone, 'My phone');
    expect(added.body).toMatchObject({ name: 'My phone', lastUsedAt: null });

    const listed = await http.get('/api/auth/passkeys').set('Cookie', owner.cookie).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: added.body.id, name: 'My phone' })]);

    const { cookie: guest, options } = await loginOptions();
    const answer = phone.get(options);
    const signedIn = await http.post('/api/auth/passkeys/login').set('Cookie', guest).send({ response: answer });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: owner.id, username: 'paulapk' });
    const session = cookieOf(signedIn);
    expect(session).not.toBe(guest);
    await http.get('/api/auth/me').set('Cookie', session).expect(200);

    // The same answer again: the challenge was used (and the guest session replaced).
    const replayed = await http.post('/api/auth/passkeys/login').set('Cookie', guest).send({ response: answer });
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(PASSKEY_MESSAGES.expired);
    const [row] = await infra.database.query<{ last_used_at: Date | null }>(
      `SELECT last_used_at FROM identity.passkeys WHERE id = $1`,
      [added.body.id],
    );
    expect(row.last_used_at).not.toBeNull();
  });

  it('takes a registration answer once, in the session that asked for it', async () => {
    const owner = await join(http, 'quimpk', 'Quim');
    const other = await join(http, 'ritapk', 'Rita');
    const key = new SoftAuthenticator(ORIGIN);
    const options = await http
      .post('/api/auth/passkeys/registration-options')
      .set('Cookie', owner.cookie)
      .send({})
      .expect(200);
    const response = key.create(options.body);
    // Another account's session has no such challenge.
    const elsewhere = await http.post('/api/auth/passkeys').set('Cookie', other.cookie).send({ response });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(PASSKEY_MESSAGES.expired);

    await http.post('/api/auth/passkeys').set('Cookie', owner.cookie).send({ response }).expect(201);
    const again = await http.post('/api/auth/passkeys').set('Cookie', owner.cookie).send({ response });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(PASSKEY_MESSAGES.expired);
  });

  it('answers a sign-in without a challenge, with an unknown passkey or with nonsense as 401 or 400, never 5xx', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'AAAA', user: { id: 'AAAA' } });

    const noChallenge = await http
      .post('/api/auth/passkeys/login')
      .send({ response: stranger.get({ challenge: 'AAAA' }) });
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.body.message).toBe(PASSKEY_MESSAGES.expired);

    const { cookie, options } = await loginOptions();
    const unknown = await http
      .post('/api/auth/passkeys/login')
      .set('Cookie', cookie)
      .send({ response: stranger.get(options) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(PASSKEY_MESSAGES.notRecognised);

    for (const body of [{}, { response: 'x' }, { response: [] }, { response: null }]) {
      const res = await http.post('/api/auth/passkeys/login').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    for (const response of [{}, { id: 7 }, { id: 'abc', response: { clientDataJSON: '%%%' } }]) {
      const { cookie: fresh } = await loginOptions();
      const res = await http.post('/api/auth/passkeys/login').set('Cookie', fresh).send({ response });
      expect(res.status).toBe(401);
    }
  });

  it('removes a passkey with the password; then it signs nobody in', async () => {
    const owner = await join(http, 'sarapk', 'Sara');
    const key = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(owner.cookie, key);

    await http
      .delete('/api/auth/passkeys/not-an-id')
      .set('Cookie', owner.cookie)
      .send({ password: 'secret1' })
      .expect(404);
    const noPassword = await http.delete(`/api/auth/passkeys/${added.body.id}`).set('Cookie', owner.cookie).send({});
    expect(noPassword.status).toBe(400);
    expect(JSON.stringify(noPassword.body)).toContain(MESSAGES.passwordRequired);
    await http
      .delete(`/api/auth/passkeys/${added.body.id}`)
      .set('Cookie', owner.cookie)
      .send({ password: 'wrong-password' })
      .expect(403);
    await http
      .delete(`/api/auth/passkeys/${added.body.id}`)
      .set('Cookie', owner.cookie)
      .send({ password: 'secret1' })
      .expect(204);
    await http.get('/api/auth/passkeys').set('Cookie', owner.cookie).expect(200, []);

    const { cookie, options } = await loginOptions();
    const res = await http
      .post('/api/auth/passkeys/login')
      .set('Cookie', cookie)
      .send({ response: key.get(options) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PASSKEY_MESSAGES.notRecognised);
  });

  it('slows down failed passkey sign-ins and limits login options per client address, like password sign-ins', async () => {
    const strict = await startGateway(infra, { LOGIN_MAX_PER_IP: '3', LOGIN_FREE_FAILURES_PER_CLIENT: '3' });
    try {
      const tight = request(await strict.getUrl().then((url) => url.replace('[::1]', '127.0.0.1')));
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let attempt = 0; attempt < 6; attempt++) {
        const res = await tight.post('/api/auth/passkeys/login').send({ response: { id: 'AAAA' } });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers['retry-after'];
      }
      expect(statuses).toContain(429);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      expect(Number(retryAfter)).toBeGreaterThan(0);

      const options: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++)
        options.push((await tight.post('/api/auth/passkeys/login-options').send({})).status);
      expect(options.slice(-2)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });
});
