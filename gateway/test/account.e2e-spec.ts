import type { INestApplication } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@souvenir/contracts';
import {
  eventually,
  linkIn,
  mailsTo,
  startMailDev,
  startService,
  startTestInfra,
  type CaughtMail,
  type MailDevServer,
  type TestInfra,
  type ServiceProcess,
} from '@souvenir/testing';
import request from 'supertest';
import { cookieOf, startGateway } from './gateway-harness';

/**
 * The account through the gateway over HTTP, with identity, notifications and a real MailDev: every link is
 * read from the mail that carried it.
 */
const PUBLIC_URL = 'http://localhost:3000';

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
      PUBLIC_URL,
      MAIL_POLL_MS: '100',
    }),
    await startService('catalog', infra),
  ];
  gateway = await startGateway(infra, { UNVERIFIED_WRITE_ALLOWANCE: '1' });
  http = request(await gateway.getUrl().then((url) => url.replace('[::1]', '127.0.0.1')));
});

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await maildev?.stop();
  await infra?.stop();
});

const PASSWORD = 'secret1';

async function join(username: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0') {
  const res = await http
    .post('/api/auth/register')
    .set('User-Agent', userAgent)
    .send({ email: `${username}@example.com`, password: PASSWORD, username, firstName: 'Zoë', lastName: 'Traveller' })
    .expect(201);
  return { id: res.body.id as string, email: `${username}@example.com`, cookie: cookieOf(res) };
}

async function signIn(username: string, password = PASSWORD, userAgent = 'Mozilla/5.0 (iPhone) Safari/604.1') {
  const res = await http.post('/api/auth/login').set('User-Agent', userAgent).send({ username, password }).expect(200);
  return cookieOf(res);
}

/** The mail with this subject to this address, once it has arrived, and its link to `page`. */
async function mailedLink(
  address: string,
  subject: RegExp,
  page: string,
): Promise<{ mail: CaughtMail; token: string }> {
  const mail = await eventually(async () => {
    const found = (await mailsTo(maildev.webUrl, address)).filter((m) => subject.test(m.subject)).at(-1);
    if (!found) throw new Error(`no mail "${subject}" to ${address} yet`);
    return found;
  }, 20_000);
  const link = linkIn(mail, `${PUBLIC_URL}${page}?token=`);
  expect(link).toBeDefined();
  expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));
  return { mail, token: new URL(link!).searchParams.get('token')! };
}

const me = (cookie: string) => http.get('/api/auth/me').set('Cookie', cookie);

describe('password reset', () => {
  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const ana = await join('ana-reset');
    const known = await http.post('/api/auth/password-reset').send({ email: 'ANA-reset@example.com' }).expect(202);
    const unknown = await http.post('/api/auth/password-reset').send({ email: 'nobody@example.com' }).expect(202);
    expect(known.body).toEqual(unknown.body);
    await mailedLink(ana.email, /Reset your Souvenir Swap password/, '/reset-password');
    expect(await mailsTo(maildev.webUrl, 'nobody@example.com')).toEqual([]);
  });

  it('sets the new password once per link and ends every session of the account', async () => {
    const bo = await join('bo-reset');
    const phone = await signIn('bo-reset');
    await http.post('/api/auth/password-reset').send({ email: bo.email }).expect(202);
    const { token } = await mailedLink(bo.email, /Reset your Souvenir Swap password/, '/reset-password');

    await http.post('/api/auth/password-reset/confirm').send({ token, password: 'brand-new-1' }).expect(204);
    await me(bo.cookie).expect(401);
    await me(phone).expect(401);
    await http.post('/api/auth/login').send({ username: 'bo-reset', password: PASSWORD }).expect(401);
    const fresh = await signIn('bo-reset', 'brand-new-1');
    expect((await me(fresh).expect(200)).body.emailVerified).toBe(true);

    const again = await http
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'another-22' })
      .expect(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.invalidLink);
    await eventually(async () => {
      const notices = (await mailsTo(maildev.webUrl, bo.email)).filter((m) => /password was changed/.test(m.subject));
      expect(notices).toHaveLength(1);
    }, 20_000);
  });

  it('refuses a forged or an expired link with a sentence', async () => {
    const forged = await http
      .post('/api/auth/password-reset/confirm')
      .send({ token: 'A'.repeat(43), password: 'brand-new-1' })
      .expect(400);
    expect(forged.body.message).toBe(ACCOUNT_MESSAGES.invalidLink);
    const malformed = await http
      .post('/api/auth/password-reset/confirm')
      .send({ token: '../x', password: 'brand-new-1' })
      .expect(400);
    expect(malformed.body.message).toBe(ACCOUNT_MESSAGES.invalidLink);

    const cy = await join('cy-reset');
    await http.post('/api/auth/password-reset').send({ email: cy.email }).expect(202);
    const { token } = await mailedLink(cy.email, /Reset your Souvenir Swap password/, '/reset-password');
    // Sixty minutes later, as the database sees it.
    await infra.database.query(
      `UPDATE identity.account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [cy.id],
    );
    const expired = await http
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'brand-new-1' })
      .expect(400);
    expect(expired.body.message).toBe(ACCOUNT_MESSAGES.invalidLink);
    await me(cy.cookie).expect(200);
  });

  it('stores only a hash of the token', async () => {
    const dee = await join('dee-reset');
    await http.post('/api/auth/password-reset').send({ email: dee.email }).expect(202);
    const { token } = await mailedLink(dee.email, /Reset your Souvenir Swap password/, '/reset-password');
    const rows = await infra.database.query<{ token_hash: Buffer }>(
      `SELECT token_hash FROM identity.account_tokens WHERE user_id = $1`,
      [dee.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash.toString('base64url')).not.toBe(token);
  });

  it('limits requests per address, whether or not it is anyone’s', async () => {
    for (let i = 0; i < 3; i++)
      await http.post('/api/auth/password-reset').send({ email: 'flood@example.com' }).expect(202);
    const limited = await http.post('/api/auth/password-reset').send({ email: 'flood@example.com' }).expect(429);
    expect(limited.body.message).toMatch(/Too many attempts/);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('address verification', () => {
  it('mails a link at registration; Me says unverified until it is followed, once', async () => {
    const eve = await join('eve-verify');
    expect((await me(eve.cookie).expect(200)).body.emailVerified).toBe(false);
    const { token } = await mailedLink(eve.email, /Verify your e-mail/, '/verify-email');
    await http.post('/api/auth/verify-email').send({ token }).expect(204);
    expect((await me(eve.cookie).expect(200)).body.emailVerified).toBe(true);
    const again = await http.post('/api/auth/verify-email').send({ token }).expect(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.invalidLink);
  });

  it('resends a new link to an unverified account, a few times', async () => {
    const fay = await join('fay-verify');
    await mailedLink(fay.email, /Verify your e-mail/, '/verify-email');
    await http.post('/api/auth/verify-email/resend').set('Cookie', fay.cookie).expect(202);
    await eventually(async () => {
      const verifications = (await mailsTo(maildev.webUrl, fay.email)).filter((m) => /Verify/.test(m.subject));
      expect(verifications).toHaveLength(2);
    }, 20_000);
    await http.post('/api/auth/verify-email/resend').set('Cookie', fay.cookie).expect(202);
    await http.post('/api/auth/verify-email/resend').set('Cookie', fay.cookie).expect(202);
    await http.post('/api/auth/verify-email/resend').set('Cookie', fay.cookie).expect(429);
    await http.post('/api/auth/verify-email/resend').expect(401);
  });

  it('lets an unverified account list only its allowance, then asks it to verify', async () => {
    const gus = await join('gus-verify');
    const listing = {
      title: 'Hand-painted azulejo tile',
      description: 'A hand-painted azulejo tile from a workshop in Lisbon, glazed blue.',
      price: '25.00',
      condition: 'like-new',
      category: 'Home Decor',
      country: 'Morocco',
      images: ['https://example.com/tile.jpg'],
      isCustomsVerified: true,
    };
    await http.post('/api/products').set('Cookie', gus.cookie).send(listing).expect(201);
    const refused = await http.post('/api/products').set('Cookie', gus.cookie).send(listing).expect(403);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.unverifiedAllowanceUsed);
    const { token } = await mailedLink(gus.email, /Verify your e-mail/, '/verify-email');
    await http.post('/api/auth/verify-email').send({ token }).expect(204);
    await http.post('/api/products').set('Cookie', gus.cookie).send(listing).expect(201);
  });
});

describe('change of password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const hal = await join('hal-change');
    const other = await signIn('hal-change');
    const wrong = await http
      .put('/api/auth/password')
      .set('Cookie', hal.cookie)
      .send({ currentPassword: 'not-it', newPassword: 'brand-new-1' })
      .expect(403);
    expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    await http
      .put('/api/auth/password')
      .set('Cookie', hal.cookie)
      .send({ currentPassword: PASSWORD, newPassword: 'brand-new-1' })
      .expect(204);
    await me(hal.cookie).expect(200);
    await me(other).expect(401);
    await signIn('hal-change', 'brand-new-1');
    await http.put('/api/auth/password').send({ currentPassword: 'x', newPassword: 'brand-new-2' }).expect(401);
  });
});

describe('change of e-mail', () => {
  it('moves only when the new address confirms; the old one is told and can undo', async () => {
    const ivy = await join('ivy-change');
    await http
      .put('/api/auth/email')
      .set('Cookie', ivy.cookie)
      .send({ password: 'nope', email: 'x@example.com' })
      .expect(403);
    await http
      .put('/api/auth/email')
      .set('Cookie', ivy.cookie)
      .send({ password: PASSWORD, email: 'ivy-new@example.com' })
      .expect(202);
    expect((await me(ivy.cookie).expect(200)).body.email).toBe(ivy.email);

    const confirm = await mailedLink('ivy-new@example.com', /Confirm your new e-mail/, '/confirm-email');
    await http.post('/api/auth/email/confirm').send({ token: confirm.token }).expect(204);
    expect((await me(ivy.cookie).expect(200)).body).toMatchObject({
      email: 'ivy-new@example.com',
      emailVerified: true,
    });

    const undo = await mailedLink(ivy.email, /e-mail address was changed/, '/undo-email-change');
    expect(undo.mail.text).toContain('ivy-new@example.com');
    await http.post('/api/auth/email/undo').send({ token: undo.token }).expect(204);
    await me(ivy.cookie).expect(401);
    expect((await me(await signIn('ivy-change')).expect(200)).body.email).toBe(ivy.email);
    await http.post('/api/auth/email/undo').send({ token: undo.token }).expect(400);
  });

  it('answers the same for an address that is someone else’s, and mails it nothing', async () => {
    const jo = await join('jo-change');
    const taken = await join('jo-taken');
    await http
      .put('/api/auth/email')
      .set('Cookie', jo.cookie)
      .send({ password: PASSWORD, email: taken.email })
      .expect(202);
    await mailedLink(taken.email, /Verify your e-mail/, '/verify-email');
    expect((await mailsTo(maildev.webUrl, taken.email)).filter((m) => /Confirm/.test(m.subject))).toEqual([]);
  });
});

describe('sessions', () => {
  it('lists the devices and ends one or all the others', async () => {
    const kit = await join(
      'kit-sessions',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
    );
    const phone = await signIn('kit-sessions');
    const tablet = await signIn('kit-sessions', PASSWORD, 'Mozilla/5.0 (Windows NT 10.0) Firefox/131.0');

    const list = (await http.get('/api/auth/sessions').set('Cookie', kit.cookie).expect(200)).body;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const current = list.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ browser: 'Chrome on Linux', ip: expect.stringMatching(/\.x$|…$/) });
    expect(new Date(current.lastSeenAt).getTime()).toBeGreaterThan(0);
    const phoneSession = list.find((s: { browser: string }) => s.browser === 'Safari on iOS');

    // Another person cannot end it.
    const stranger = await join('kit-stranger');
    await http.delete(`/api/auth/sessions/${phoneSession.id}`).set('Cookie', stranger.cookie).expect(404);

    await http.delete(`/api/auth/sessions/${phoneSession.id}`).set('Cookie', kit.cookie).expect(204);
    await me(phone).expect(401);
    await me(tablet).expect(200);
    await http.delete(`/api/auth/sessions/${phoneSession.id}`).set('Cookie', kit.cookie).expect(404);

    await http.post('/api/auth/sessions/revoke-others').set('Cookie', kit.cookie).expect(204);
    await me(tablet).expect(401);
    await me(kit.cookie).expect(200);
    expect((await http.get('/api/auth/sessions').set('Cookie', kit.cookie).expect(200)).body).toHaveLength(1);
    await http.get('/api/auth/sessions').expect(401);
  });
});
