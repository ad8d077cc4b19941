import type { INestApplication } from '@nestjs/common';
import { durableConsumerName, EVENTS, TWO_FACTOR_MESSAGES } from '@souvenir/contracts';
import {
  eventually,
  mailsTo,
  settled,
  startMailDev,
  startService,
  startTestInfra,
  type MailDevServer,
  type TestInfra,
  type ServiceProcess,
} from '@souvenir/testing';
import { generate } from 'otplib';
import request from 'supertest';
import { cookieOf, startGateway } from './gateway-harness';

/** Two-step sign-in through the gateway over HTTP, with identity, notifications, payments and a real MailDev. */
let infra: TestInfra;
let maildev: MailDevServer;
let services: ServiceProcess[] = [];
let gateway: INestApplication;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  infra = await startTestInfra();
  maildev = await startMailDev();
  services = [
    await startService('identity', infra),
    await startService('notifications', infra, {
      SMTP_URL: maildev.smtpUrl,
      PUBLIC_URL: 'http://localhost:3000',
      MAIL_POLL_MS: '100',
    }),
    await startService('payments', infra),
  ];
  gateway = await startGateway(infra);
  http = request(await gateway.getUrl().then((url) => url.replace('[::1]', '127.0.0.1')));
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await maildev?.stop();
  await infra?.stop();
});

const PASSWORD = 'secret12';

/** Every mail notifications queued has been handed to MailDev (or given up on). */
const mailsOut = () =>
  eventually(async () =>
    expect(
      await infra.database.query(
        `SELECT id FROM notifications.mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`,
      ),
    ).toEqual([]),
  );
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function join(username: string): Promise<{ email: string; cookie: string }> {
  const res = await http
    .post('/api/auth/register')
    .set('User-Agent', LAPTOP)
    .send({ email: `${username}@example.com`, password: PASSWORD, username, firstName: 'Ines', lastName: 'Sousa' })
    .expect(201);
  return { email: `${username}@example.com`, cookie: cookieOf(res) };
}

const login = (username: string, extra: Record<string, string> = {}, userAgent = LAPTOP) =>
  http
    .post('/api/auth/login')
    .set('User-Agent', userAgent)
    .send({ username, password: PASSWORD, ...extra });

async function mailed(address: string, subject: RegExp): Promise<number> {
  return eventually(async () => {
    const found = (await mailsTo(maildev.webUrl, address)).filter((mail) => subject.test(mail.subject));
    if (!found.length) throw new Error(`no mail "${subject}" to ${address} yet`);
    return found.length;
  }, 20_000);
}

describe('two-step sign-in over HTTP', () => {
  it('turns on with a code, then asks for one at sign-in, refuses a replay, and turns off', async () => {
    const ines = await join('ines-2fa');
    expect((await http.get('/api/auth/me').set('Cookie', ines.cookie).expect(200)).body.twoFactor).toBe(false);

    const setup = await http.post('/api/auth/2fa/setup').set('Cookie', ines.cookie).send({}).expect(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUrl, recoveryCodes } = setup.body as {
      secret: string;
      otpauthUrl: string;
      recoveryCodes: string[];
    };
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(recoveryCodes).toHaveLength(10);

    const wrong = await http
      .post('/api/auth/2fa/enable')
      .set('Cookie', ines.cookie)
      .send({ code: '000000' })
      .expect(400);
    expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    await http
      .post('/api/auth/2fa/enable')
      .set('Cookie', ines.cookie)
      .send({ code: await codeAt(secret) })
      .expect(204);
    expect((await http.get('/api/auth/me').set('Cookie', ines.cookie).expect(200)).body.twoFactor).toBe(true);
    expect((await http.get('/api/auth/2fa').set('Cookie', ines.cookie).expect(200)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // The secret is never shown again.
    await http.post('/api/auth/2fa/setup').set('Cookie', ines.cookie).send({}).expect(409);
    await mailed(ines.email, /Two-step sign-in is now on/);

    const withoutCode = await login('ines-2fa').expect(401);
    expect(withoutCode.body).toMatchObject({ twoFactorRequired: true, message: TWO_FACTOR_MESSAGES.codeRequired });
    expect(withoutCode.headers['set-cookie']).toBeUndefined();
    const wrongCode = await login('ines-2fa', { code: '123456' }).expect(401);
    expect(wrongCode.body).toMatchObject({ twoFactorRequired: true, message: TWO_FACTOR_MESSAGES.wrongCode });
    expect(wrongCode.headers['set-cookie']).toBeUndefined();

    const next = await codeAt(secret, 1);
    const signedIn = await login('ines-2fa', { code: next }).expect(200);
    expect(signedIn.body.twoFactor).toBe(true);
    await http.get('/api/auth/me').set('Cookie', cookieOf(signedIn)).expect(200);
    const replay = await login('ines-2fa', { code: next }).expect(401);
    expect(replay.body.twoFactorRequired).toBe(true);

    const fromRecovery = await login('ines-2fa', { code: recoveryCodes[0].toUpperCase() }).expect(200);
    await login('ines-2fa', { code: recoveryCodes[0] }).expect(401);
    expect((await http.get('/api/auth/2fa').set('Cookie', cookieOf(fromRecovery)).expect(200)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });

    await http
      .post('/api/auth/2fa/disable')
      .set('Cookie', ines.cookie)
      .send({ password: 'not-mine-1', code: recoveryCodes[1] })
      .expect(403);
    await http
      .post('/api/auth/2fa/disable')
      .set('Cookie', ines.cookie)
      .send({ password: PASSWORD, code: recoveryCodes[1] })
      .expect(204);
    expect((await login('ines-2fa').expect(200)).body.twoFactor).toBe(false);
    await mailed(ines.email, /Two-step sign-in was turned off/);
  });

  it('wants a fresh code before payout details change, with a sentence', async () => {
    const rui = await join('rui-2fa');
    const setup = await http.post('/api/auth/2fa/setup').set('Cookie', rui.cookie).send({}).expect(200);
    await http
      .post('/api/auth/2fa/enable')
      .set('Cookie', rui.cookie)
      .send({ code: await codeAt(setup.body.secret) })
      .expect(204);

    const refused = await http.post('/api/payouts/account').set('Cookie', rui.cookie).expect(403);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.payoutCodeRequired);
    await http.post('/api/payouts/account').set('Cookie', rui.cookie).send({ code: '999999' }).expect(403);
    const link = await http
      .post('/api/payouts/account')
      .set('Cookie', rui.cookie)
      .send({ code: await codeAt(setup.body.secret, 1) })
      .expect(200);
    expect(link.body.url).toEqual(expect.any(String));
  });

  it('stops checking the codes of an account after five wrong ones, with Retry-After', async () => {
    const ana = await join('ana-2fa');
    const setup = await http.post('/api/auth/2fa/setup').set('Cookie', ana.cookie).send({}).expect(200);
    await http
      .post('/api/auth/2fa/enable')
      .set('Cookie', ana.cookie)
      .send({ code: await codeAt(setup.body.secret) })
      .expect(204);
    for (let i = 0; i < 5; i++) await login('ana-2fa', { code: String(200000 + i) }).expect(401);
    const locked = await login('ana-2fa', { code: setup.body.recoveryCodes[0] }).expect(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers['set-cookie']).toBeUndefined();
  });

  it('refuses codes that are not codes, and limits guesses from one address', async () => {
    await join('eva-2fa');
    for (const code of ['12345\r\n', 'x'.repeat(40), '<b>123456</b>'])
      expect((await login('eva-2fa', { code }).expect(400)).body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const guesses = await Promise.all(
      Array.from({ length: 32 }, (_, i) => login('eva-2fa', { code: String(100000 + i) }).then((res) => res.status)),
    );
    expect(guesses).toContain(429);
    expect(guesses.every((status) => status === 200 || status === 429)).toBe(true);
  });

  it('mails the owner when a new device signs in, not on the first sign-in after joining', async () => {
    const lia = await join('lia-2fa');
    await login('lia-2fa').expect(200);
    await login('lia-2fa', {}, PHONE).expect(200);
    await mailed(lia.email, /New sign-in to your Souvenir Swap account/);
    const [mail] = (await mailsTo(maildev.webUrl, lia.email)).filter((m) => /New sign-in/.test(m.subject));
    expect(mail.text).toContain('Safari on iOS');
    // Every sign-in's event applied by notifications and its mails sent: a mail for the first one would be there.
    await settled(infra, {
      outboxes: ['identity'],
      consumers: [durableConsumerName('notifications', EVENTS.identity.newDeviceSignIn)],
    });
    await mailsOut();
    expect((await mailsTo(maildev.webUrl, lia.email)).filter((m) => /New sign-in/.test(m.subject))).toHaveLength(1);
  });
});
