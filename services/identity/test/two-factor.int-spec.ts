import { ErrorCode, EVENTS, RPC, type MeDto, type NewDeviceSignInEvent } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { generate } from 'otplib';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';

const home = { browser: 'Firefox on Linux', network: '203.0.113.x' };

const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, IdentityConfig);

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
function codeAt(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function register(username: string): Promise<MeDto> {
  return rpc.send(RPC.identity.register, {
    email: `${username}@example.com`,
    password: 'secret12',
    username,
    firstName: 'Tomás',
    lastName: 'Reis',
    location: 'Porto',
    device: home,
  });
}

/** Sets two-step sign-in up and on, with the code of this time step: answers the secret and the recovery codes. */
async function turnOn(actorId: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await rpc.send(RPC.identity.setUpTwoFactor, { actorId });
  await rpc.send(RPC.identity.enableTwoFactor, { actorId, code: await codeAt(setup.secret) });
  return setup;
}

describe('two-step sign-in (identity on real Postgres)', () => {
  it('sets up with an otpauth URL, keeps the secret encrypted, and turns on only with the app code', async () => {
    const me = await register('tomas2fa');
    const setup = await rpc.send(RPC.identity.setUpTwoFactor, { actorId: me.id });
    expect(setup.otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/Souvenir%20Swap:tomas2fa\?secret=[A-Z2-7]+&issuer=Souvenir%20Swap$/,
    );
    expect(setup.recoveryCodes).toHaveLength(10);
    expect(new Set(setup.recoveryCodes).size).toBe(10);

    const [row] = await infra.database.query<{ secret_ciphertext: string }>(
      `SELECT secret_ciphertext FROM identity.two_factor WHERE user_id = $1`,
      [me.id],
    );
    expect(row.secret_ciphertext).not.toContain(setup.secret);
    const codes = await infra.database.query<{ code_hash: Buffer }>(
      `SELECT code_hash FROM identity.recovery_codes WHERE user_id = $1`,
      [me.id],
    );
    expect(codes).toHaveLength(10);
    expect(JSON.stringify(codes)).not.toContain(setup.recoveryCodes[0]);

    // Not on yet: sign-in needs no code, and a recovery code cannot turn it on.
    await expect(
      rpc.send(RPC.identity.verifyCredentials, { username: 'tomas2fa', password: 'secret12' }),
    ).resolves.toMatchObject({
      twoFactor: false,
    });
    const byRecovery = await errorOf(
      rpc.send(RPC.identity.enableTwoFactor, { actorId: me.id, code: setup.recoveryCodes[0] }),
    );
    expect(byRecovery.code).toBe(ErrorCode.ValidationFailed);

    await rpc.send(RPC.identity.enableTwoFactor, { actorId: me.id, code: await codeAt(setup.secret) });
    await expect(rpc.send(RPC.identity.getMe, { actorId: me.id })).resolves.toMatchObject({ twoFactor: true });
    await expect(rpc.send(RPC.identity.twoFactorStatus, { actorId: me.id })).resolves.toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const again = await errorOf(rpc.send(RPC.identity.setUpTwoFactor, { actorId: me.id }));
    expect(again.code).toBe(ErrorCode.Conflict);
    await eventually(async () =>
      expect(await readStreamEvents(infra, EVENTS.identity.twoFactorEnabled)).toEqual(
        expect.arrayContaining([expect.objectContaining({ data: expect.objectContaining({ userId: me.id }) })]),
      ),
    );
  });

  it('asks for the code at sign-in and refuses a TOTP code played twice', async () => {
    const me = await register('replay2fa');
    const { secret } = await turnOn(me.id);
    const login = (code?: string) =>
      rpc.send(RPC.identity.verifyCredentials, {
        username: 'replay2fa',
        password: 'secret12',
        device: home,
        ...(code ? { code } : {}),
      });

    expect((await errorOf(login())).code).toBe(ErrorCode.TwoFactorRequired);
    expect((await errorOf(login('000000'))).code).toBe(ErrorCode.TwoFactorRequired);
    // Enabling used this step's code: the same code again is a replay.
    expect((await errorOf(login(await codeAt(secret)))).code).toBe(ErrorCode.TwoFactorRequired);

    const next = await codeAt(secret, 1);
    await expect(login(next)).resolves.toMatchObject({ id: me.id, twoFactor: true });
    const replay = await errorOf(login(next));
    expect(replay.code).toBe(ErrorCode.TwoFactorRequired);
    expect(replay.message).toMatch(/not right/);
  });

  it('takes each recovery code once, counts what is left, and regenerates with a code', async () => {
    const me = await register('recover2fa');
    const { recoveryCodes } = await turnOn(me.id);
    const login = (code: string) =>
      rpc.send(RPC.identity.verifyCredentials, { username: 'recover2fa', password: 'secret12', code });

    await expect(login(recoveryCodes[0].toUpperCase())).resolves.toMatchObject({ id: me.id });
    expect((await errorOf(login(recoveryCodes[0]))).code).toBe(ErrorCode.TwoFactorRequired);
    await expect(rpc.send(RPC.identity.twoFactorStatus, { actorId: me.id })).resolves.toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });

    const fresh = await rpc.send(RPC.identity.regenerateRecoveryCodes, { actorId: me.id, code: recoveryCodes[1] });
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect((await errorOf(login(recoveryCodes[2]))).code).toBe(ErrorCode.TwoFactorRequired);
    await expect(login(fresh.recoveryCodes[0])).resolves.toMatchObject({ id: me.id });
  });

  it('turns off only with the password and a code, and then signs in without one', async () => {
    const me = await register('off2fa');
    const { secret, recoveryCodes } = await turnOn(me.id);
    const wrongPassword = await errorOf(
      rpc.send(RPC.identity.disableTwoFactor, { actorId: me.id, password: 'nope1234', code: await codeAt(secret, 1) }),
    );
    expect(wrongPassword.code).toBe(ErrorCode.Forbidden);
    const noCode = await errorOf(
      rpc.send(RPC.identity.disableTwoFactor, { actorId: me.id, password: 'secret12', code: '123456' }),
    );
    expect(noCode.code).toBe(ErrorCode.Forbidden);
    await rpc.send(RPC.identity.disableTwoFactor, { actorId: me.id, password: 'secret12', code: recoveryCodes[3] });
    await expect(
      rpc.send(RPC.identity.verifyCredentials, { username: 'off2fa', password: 'secret12' }),
    ).resolves.toMatchObject({ twoFactor: false });
    await expect(rpc.send(RPC.identity.confirmTwoFactor, { actorId: me.id })).resolves.toBeUndefined();
  });

  it('wants a fresh code before a sensitive change, and stops checking codes after five wrong ones', async () => {
    const me = await register('limit2fa');
    const { secret } = await turnOn(me.id);
    expect((await errorOf(rpc.send(RPC.identity.confirmTwoFactor, { actorId: me.id }))).code).toBe(ErrorCode.Forbidden);
    await rpc.send(RPC.identity.confirmTwoFactor, { actorId: me.id, code: await codeAt(secret, 1) });
    for (let i = 0; i < 5; i++)
      expect((await errorOf(rpc.send(RPC.identity.confirmTwoFactor, { actorId: me.id, code: '111111' }))).code).toBe(
        ErrorCode.Forbidden,
      );
    const limited = await errorOf(
      rpc.send(RPC.identity.confirmTwoFactor, { actorId: me.id, code: await codeAt(secret, -1) }),
    );
    expect(limited.code).toBe(ErrorCode.TooManyAttempts);
  });

  it('tells the owner about a sign-in from a new device, not about the one they registered on', async () => {
    const me = await register('device2fa');
    await rpc.send(RPC.identity.verifyCredentials, { username: 'device2fa', password: 'secret12', device: home });
    await rpc.send(RPC.identity.verifyCredentials, {
      username: 'device2fa',
      password: 'secret12',
      device: { browser: 'Safari on iOS', network: '198.51.100.x' },
    });
    await rpc.send(RPC.identity.verifyCredentials, {
      username: 'device2fa',
      password: 'secret12',
      device: { browser: 'Safari on iOS', network: '198.51.100.x' },
    });
    await eventually(async () => {
      const mine = (await readStreamEvents<NewDeviceSignInEvent>(infra, EVENTS.identity.newDeviceSignIn)).filter(
        (event) => event.data.userId === me.id,
      );
      expect(mine.map((event) => event.data)).toEqual([
        expect.objectContaining({ browser: 'Safari on iOS', network: '198.51.100.x', email: 'device2fa@example.com' }),
      ]);
    });
  });
});
