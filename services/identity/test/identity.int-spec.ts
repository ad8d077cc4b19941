import type { INestApplication } from '@nestjs/common';
import { ErrorCode, EVENTS, MESSAGES, RPC, type UserRegisteredEvent } from '@souvenir/contracts';
import { DomainError, type RpcClient } from '@souvenir/platform';
import { eventually, readStreamEvents, rpcClient, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';
import { UsersService } from '../src/users/users.service';

let infra: TestInfra;
let app: INestApplication;
let rpc: RpcClient;
let closeRpc: () => Promise<void>;

const registration = (n: string) => ({
  email: `${n}@example.com`, password: 'secret1', username: n, firstName: 'Ana', lastName: 'Lopez', location: 'Lisbon',
});

beforeAll(async () => {
  infra = await startTestInfra();
  app = await startService(SERVICE_NAME, IdentityConfig, (c) => AppModule.register(c), infra);
  ({ rpc, close: closeRpc } = await rpcClient(infra));
});

afterAll(async () => {
  await closeRpc?.();
  await app?.close();
  await infra?.stop();
});

async function expectError(promise: Promise<unknown>, code: ErrorCode): Promise<DomainError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

describe('identity service', () => {
  it('registers a user, never returns the password, and finds them by id', async () => {
    const me = await rpc.send(RPC.identity.register, registration('anita'));
    expect(me).toMatchObject({ username: 'anita', email: 'anita@example.com', firstName: 'Ana', isVerified: false, location: 'Lisbon' });
    expect(JSON.stringify(me)).not.toMatch(/password|argon/i);
    const user = await rpc.send(RPC.identity.getUser, { userId: me.id });
    expect(user).not.toHaveProperty('email');
    expect(user.username).toBe('anita');
  });

  it('stores an argon2id hash at OWASP parameters', async () => {
    const [row] = await infra.database.query<{ password_hash: string }>(`SELECT password_hash FROM identity.users WHERE username = 'anita'`);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a username or email taken in another case with 409 and field messages', async () => {
    const error = await expectError(rpc.send(RPC.identity.register, { ...registration('ANITA'), email: 'ANITA@example.com' }), ErrorCode.Conflict);
    expect(error.errors).toEqual([
      { field: 'username', message: MESSAGES.usernameTaken },
      { field: 'email', message: MESSAGES.emailTaken },
    ]);
  });

  it('validates registration with the spec messages', async () => {
    const error = await expectError(
      rpc.send(RPC.identity.register, { email: 'nope', password: '123', username: 'ab', firstName: '', lastName: ' ' }),
      ErrorCode.ValidationFailed,
    );
    expect(error.errors).toEqual(expect.arrayContaining([
      { field: 'email', message: 'Invalid email address' },
      { field: 'password', message: 'Password must be at least 6 characters' },
      { field: 'username', message: 'Username must be at least 3 characters' },
      { field: 'firstName', message: 'First name is required' },
      { field: 'lastName', message: 'Last name is required' },
    ]));
  });

  it('refuses unknown fields', async () => {
    await expectError(rpc.send(RPC.identity.register, { ...registration('extra'), isVerified: true } as never), ErrorCode.ValidationFailed);
  });

  it('verifies credentials case-insensitively and answers alike for unknown user and wrong password', async () => {
    const me = await rpc.send(RPC.identity.verifyCredentials, { username: 'AnItA', password: 'secret1' });
    expect(me.username).toBe('anita');
    const wrong = await expectError(rpc.send(RPC.identity.verifyCredentials, { username: 'anita', password: 'nope!!' }), ErrorCode.Unauthenticated);
    const unknown = await expectError(rpc.send(RPC.identity.verifyCredentials, { username: 'ghost', password: 'nope!!' }), ErrorCode.Unauthenticated);
    expect(wrong.message).toBe(MESSAGES.invalidCredentials);
    expect(unknown.message).toBe(wrong.message);
  });

  it('lets only the user update their profile and publishes user updated with a higher version', async () => {
    const me = await rpc.send(RPC.identity.register, registration('bruno'));
    const other = await rpc.send(RPC.identity.register, registration('carla'));
    await expectError(
      rpc.send(RPC.identity.updateUser, { actorId: other.id, userId: me.id, changes: { firstName: 'X', lastName: 'Y' } }),
      ErrorCode.Forbidden,
    );
    const updated = await rpc.send(RPC.identity.updateUser, { actorId: me.id, userId: me.id, changes: { firstName: ' Bruno ', lastName: 'Silva', location: '' } });
    expect(updated).toMatchObject({ firstName: 'Bruno', lastName: 'Silva', location: null });
    const events = await eventually(async () => {
      const found = (await readStreamEvents<UserRegisteredEvent>(infra, EVENTS.identity.userUpdated)).filter((e) => e.data.userId === me.id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(events[0].data).toMatchObject({ firstName: 'Bruno', version: 2 });
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    await expectError(rpc.send(RPC.identity.getUser, { userId: '00000000-0000-4000-8000-000000000000' }), ErrorCode.NotFound);
  });

  it('delivers every user registered event once, even when NATS was down while users registered', async () => {
    const users = app.get(UsersService);
    await infra.nats.stop();
    const registered = await Promise.all(['dora', 'emil', 'femi', 'gina', 'hugo'].map((n) => users.register(registration(n))));
    await new Promise((r) => setTimeout(r, 500));
    await infra.nats.start();
    await eventually(async () => {
      const events = await readStreamEvents<UserRegisteredEvent>(infra, EVENTS.identity.userRegistered);
      const ids = events.map((e) => e.data.userId);
      for (const user of registered) expect(ids.filter((id) => id === user.id)).toHaveLength(1);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    }, 20_000, 250);
  });
});
