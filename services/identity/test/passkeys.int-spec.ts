import { ErrorCode, PASSKEY_MESSAGES, RPC, type MeDto } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { SoftAuthenticator, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';

const ORIGIN = 'http://localhost:3000';

const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, IdentityConfig);

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
    firstName: 'Ana',
    lastName: 'Lima',
    location: 'Lisbon',
  });
}

/** Adds a passkey of `authenticator` to the account, as the account page does. */
async function addPasskey(actorId: string, authenticator: SoftAuthenticator, name?: string) {
  const options = await rpc.send(RPC.identity.passkeyRegistrationOptions, { actorId });
  const response = authenticator.create(options as never);
  return rpc.send(RPC.identity.addPasskey, {
    actorId,
    ...(name ? { name } : {}),
    response: response as never,
    expectedChallenge: options.challenge,
  });
}

async function signInWith(authenticator: SoftAuthenticator, counter?: number): Promise<MeDto> {
  const options = await rpc.send(RPC.identity.passkeyLoginOptions, {});
  const response = counter === undefined ? authenticator.get(options) : authenticator.getWithCounter(options, counter);
  return rpc.send(RPC.identity.verifyPasskeyLogin, {
    response: response as never,
    expectedChallenge: options.challenge,
  });
}

describe('passkeys (identity on real Postgres)', () => {
  it('offers options for this site that ask for a discoverable passkey with the person verified', async () => {
    const me = await register('anapk');
    const options = await rpc.send(RPC.identity.passkeyRegistrationOptions, { actorId: me.id });
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Souvenir Swap' },
      user: { name: 'anapk', displayName: 'Ana Lima' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    // The user handle is the account id's bytes, not the name or address.
    expect(Buffer.from(String((options.user as { id: string }).id), 'base64url').toString('hex')).toBe(
      me.id.replace(/-/g, ''),
    );
  });

  it('adds a passkey, lists it, signs in with it and records its use and counter', async () => {
    const me = await register('brunopk');
    const laptop = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(me.id, laptop, 'Work laptop');
    expect(added).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const rows = await infra.database.query<{ public_key: Buffer; sign_count: string }>(
      `SELECT public_key, sign_count FROM identity.passkeys WHERE user_id = $1`,
      [me.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].public_key.length).toBeGreaterThan(60);

    // A second passkey on the account is excluded from being registered twice on the same device.
    const options = await rpc.send(RPC.identity.passkeyRegistrationOptions, { actorId: me.id });
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: expect.any(String) })]);

    const signedIn = await signInWith(laptop);
    expect(signedIn).toMatchObject({ id: me.id, username: 'brunopk' });

    const [listed] = await rpc.send(RPC.identity.listPasskeys, { actorId: me.id });
    expect(listed).toMatchObject({ id: added.id, name: 'Work laptop' });
    expect(Date.parse(listed.lastUsedAt!)).toBeGreaterThan(Date.parse(listed.createdAt) - 1000);
    const [after] = await infra.database.query<{ sign_count: string }>(
      `SELECT sign_count FROM identity.passkeys WHERE id = $1`,
      [added.id],
    );
    expect(Number(after.sign_count)).toBe(1);
  });

  it('refuses a counter that did not move forward (a cloned key), a wrong challenge and another origin', async () => {
    const me = await register('carlapk');
    const phone = new SoftAuthenticator(ORIGIN);
    await addPasskey(me.id, phone);
    await signInWith(phone, 5);

    const replayed = await errorOf(signInWith(phone, 5));
    expect(replayed).toMatchObject({ code: ErrorCode.Unauthenticated, message: PASSKEY_MESSAGES.notVerified });

    const options = await rpc.send(RPC.identity.passkeyLoginOptions, {});
    const other = await rpc.send(RPC.identity.passkeyLoginOptions, {});
    const wrongChallenge = await errorOf(
      rpc.send(RPC.identity.verifyPasskeyLogin, {
        response: phone.getWithCounter(options, 9) as never,
        expectedChallenge: other.challenge,
      }),
    );
    expect(wrongChallenge.code).toBe(ErrorCode.Unauthenticated);

    const elsewhere = new SoftAuthenticator('http://localhost:4000');
    const registration = await rpc.send(RPC.identity.passkeyRegistrationOptions, { actorId: me.id });
    const foreign = await errorOf(
      rpc.send(RPC.identity.addPasskey, {
        actorId: me.id,
        response: elsewhere.create(registration as never) as never,
        expectedChallenge: registration.challenge,
      }),
    );
    expect(foreign).toMatchObject({ code: ErrorCode.ValidationFailed, message: PASSKEY_MESSAGES.notVerified });
  });

  it('answers an unknown passkey or nonsense with 401 sentences, never a fault', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'AAAA', user: { id: 'AAAA' } });
    const unknown = await errorOf(signInWith(stranger));
    expect(unknown).toMatchObject({ code: ErrorCode.Unauthenticated, message: PASSKEY_MESSAGES.notRecognised });

    for (const response of [
      {},
      { id: 42 },
      { id: 'x', response: 'nope' },
      { id: 'x'.repeat(5000), type: 'public-key' },
    ]) {
      const error = await errorOf(rpc.send(RPC.identity.verifyPasskeyLogin, { response, expectedChallenge: 'AAAA' }));
      expect(error.code).toBe(ErrorCode.Unauthenticated);
    }
    const me = await register('danipk');
    const garbage = await errorOf(
      rpc.send(RPC.identity.addPasskey, {
        actorId: me.id,
        response: { id: 'x', response: { attestationObject: '!!', clientDataJSON: 7 } },
        expectedChallenge: 'AAAA',
      }),
    );
    expect(garbage).toMatchObject({ code: ErrorCode.ValidationFailed, message: PASSKEY_MESSAGES.notVerified });
  });

  it('removes a passkey only with the password, only from its own account; then it signs nobody in', async () => {
    const owner = await register('evapk');
    const other = await register('fredpk');
    const key = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(owner.id, key);

    const notTheirs = await errorOf(
      rpc.send(RPC.identity.removePasskey, { actorId: other.id, passkeyId: added.id, password: 'secret12' }),
    );
    expect(notTheirs).toMatchObject({ code: ErrorCode.NotFound, message: PASSKEY_MESSAGES.notFound });
    const wrongPassword = await errorOf(
      rpc.send(RPC.identity.removePasskey, { actorId: owner.id, passkeyId: added.id, password: 'wrong-one' }),
    );
    expect(wrongPassword.code).toBe(ErrorCode.Forbidden);
    expect(await rpc.send(RPC.identity.listPasskeys, { actorId: owner.id })).toHaveLength(1);

    await rpc.send(RPC.identity.removePasskey, { actorId: owner.id, passkeyId: added.id, password: 'secret12' });
    expect(await rpc.send(RPC.identity.listPasskeys, { actorId: owner.id })).toEqual([]);
    const gone = await errorOf(signInWith(key));
    expect(gone).toMatchObject({ code: ErrorCode.Unauthenticated, message: PASSKEY_MESSAGES.notRecognised });
  });

  it('keeps one credential on one account only', async () => {
    const me = await register('gilpk');
    const key = new SoftAuthenticator(ORIGIN);
    const options = await rpc.send(RPC.identity.passkeyRegistrationOptions, { actorId: me.id });
    const response = key.create(options as never);
    const send = () =>
      rpc.send(RPC.identity.addPasskey, {
        actorId: me.id,
        response: response as never,
        expectedChallenge: options.challenge,
      });
    await send();
    const again = await errorOf(send());
    expect(again).toMatchObject({ code: ErrorCode.Conflict, message: PASSKEY_MESSAGES.alreadyAdded });
  });
});
