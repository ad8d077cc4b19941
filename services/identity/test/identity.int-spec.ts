import { spawn } from 'node:child_process';
import path from 'node:path';
import { ErrorCode, EVENTS, MESSAGES, RPC, type UserRegisteredEvent } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';
import { DataSource } from 'typeorm';
import { UsersService } from '../src/users/users.service';
import { IDENTITY_MIGRATIONS } from '../src/database/migrations';
import { PlainUsernamesAndNames1733800000000 } from '../src/database/migrations/1733800000000-plain-usernames-and-names';

const registration = (n: string) => ({
  email: `${n}@example.com`,
  password: 'secret1',
  username: n,
  firstName: 'Ana',
  lastName: 'Lopez',
  location: 'Lisbon',
});

const { infra, app, rpc } = serviceSuite(SERVICE_NAME, AppModule, IdentityConfig);

async function expectError(promise: Promise<unknown>, code: ErrorCode): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

describe('identity service', () => {
  it('registers a user, never returns the password, and finds them by id', async () => {
    const me = await rpc.send(RPC.identity.register, registration('anita'));
    expect(me).toMatchObject({
      username: 'anita',
      email: 'anita@example.com',
      firstName: 'Ana',
      isVerified: false,
      location: 'Lisbon',
    });
    expect(JSON.stringify(me)).not.toMatch(/password|argon/i);
    const user = await rpc.send(RPC.identity.getUser, { userId: me.id });
    expect(user).not.toHaveProperty('email');
    expect(user.username).toBe('anita');
  });

  it('stores an argon2id hash at OWASP parameters', async () => {
    const [row] = await infra.database.query<{ password_hash: string }>(
      `SELECT password_hash FROM identity.users WHERE username = 'anita'`,
    );
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a username or email taken in another case with 409 and field messages', async () => {
    const error = await expectError(
      rpc.send(RPC.identity.register, { ...registration('ANITA'), email: 'ANITA@example.com' }),
      ErrorCode.Conflict,
    );
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
    expect(error.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid email address' },
        { field: 'password', message: 'Password must be at least 6 characters' },
        { field: 'username', message: 'Username must be at least 3 characters' },
        { field: 'firstName', message: 'First name is required' },
        { field: 'lastName', message: 'Last name is required' },
      ]),
    );
  });

  it('refuses unknown fields', async () => {
    await expectError(
      rpc.send(RPC.identity.register, { ...registration('extra'), isVerified: true } as never),
      ErrorCode.ValidationFailed,
    );
  });

  it('verifies credentials case-insensitively and answers alike for unknown user and wrong password', async () => {
    const me = await rpc.send(RPC.identity.verifyCredentials, { username: 'AnItA', password: 'secret1' });
    expect(me.username).toBe('anita');
    const wrong = await expectError(
      rpc.send(RPC.identity.verifyCredentials, { username: 'anita', password: 'nope!!' }),
      ErrorCode.Unauthenticated,
    );
    const unknown = await expectError(
      rpc.send(RPC.identity.verifyCredentials, { username: 'ghost', password: 'nope!!' }),
      ErrorCode.Unauthenticated,
    );
    expect(wrong.message).toBe(MESSAGES.invalidCredentials);
    expect(unknown.message).toBe(wrong.message);
  });

  it('lets only the user update their profile and publishes user updated with a higher version', async () => {
    const me = await rpc.send(RPC.identity.register, registration('bruno'));
    const other = await rpc.send(RPC.identity.register, registration('carla'));
    await expectError(
      rpc.send(RPC.identity.updateUser, {
        actorId: other.id,
        userId: me.id,
        changes: { firstName: 'X', lastName: 'Y' },
      }),
      ErrorCode.Forbidden,
    );
    const updated = await rpc.send(RPC.identity.updateUser, {
      actorId: me.id,
      userId: me.id,
      changes: { firstName: ' Bruno ', lastName: 'Silva', location: '' },
    });
    expect(updated).toMatchObject({ firstName: 'Bruno', lastName: 'Silva', location: null });
    const events = await eventually(async () => {
      const found = (await readStreamEvents<UserRegisteredEvent>(infra, EVENTS.identity.userUpdated)).filter(
        (e) => e.data.userId === me.id,
      );
      expect(found).toHaveLength(1);
      return found;
    });
    expect(events[0].data).toMatchObject({ firstName: 'Bruno', version: 2 });
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    await expectError(
      rpc.send(RPC.identity.getUser, { userId: '00000000-0000-4000-8000-000000000000' }),
      ErrorCode.NotFound,
    );
  });

  it('answers the known users among many ids in one request, and refuses more than a page of ids', async () => {
    const me = await rpc.send(RPC.identity.register, registration('mina'));
    const unknown = '00000000-0000-4000-8000-000000000000';
    const found = await rpc.send(RPC.identity.getUsersByIds, { userIds: [unknown, me.id.toUpperCase()] });
    expect(found).toEqual([expect.objectContaining({ id: me.id, firstName: me.firstName })]);
    expect(found[0]).not.toHaveProperty('email');
    expect(await rpc.send(RPC.identity.getUsersByIds, { userIds: [] })).toEqual([]);
    await expectError(
      rpc.send(RPC.identity.getUsersByIds, { userIds: Array.from({ length: 101 }, () => unknown) }),
      ErrorCode.ValidationFailed,
    );
  });

  it('delivers every user registered event once, even when NATS was down while users registered', async () => {
    const users = app.get(UsersService);
    await infra.nats.stop();
    const registered = await Promise.all(
      ['dora', 'emil', 'femi', 'gina', 'hugo'].map((n) => users.register(registration(n))),
    );
    await new Promise((r) => setTimeout(r, 500));
    await infra.nats.start();
    await eventually(
      async () => {
        const events = await readStreamEvents<UserRegisteredEvent>(infra, EVENTS.identity.userRegistered);
        const ids = events.map((e) => e.data.userId);
        for (const user of registered) expect(ids.filter((id) => id === user.id)).toHaveLength(1);
        expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      },
      20_000,
      250,
    );
  });
});

describe('the support role', () => {
  const grant = (...args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(__dirname, '../../../scripts/support-grant.mjs'), ...args], {
        env: { ...process.env, DATABASE_URL: infra.database.url },
      });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('close', (code) => resolve({ code, out }));
    });

  it('is member for everyone who registers, told to the user themself and never shown on the public profile', async () => {
    const me = await rpc.send(RPC.identity.register, registration('ivo'));
    expect(me.role).toBe('member');
    expect(await rpc.send(RPC.identity.getMe, { actorId: me.id })).toMatchObject({ role: 'member' });
    expect(await rpc.send(RPC.identity.verifyCredentials, { username: 'ivo', password: 'secret1' })).toMatchObject({
      role: 'member',
    });
    expect(await rpc.send(RPC.identity.getUser, { userId: me.id })).not.toHaveProperty('role');
  });

  it('cannot be given through registration or a profile update', async () => {
    await expectError(
      rpc.send(RPC.identity.register, { ...registration('jana'), role: 'support' } as never),
      ErrorCode.ValidationFailed,
    );
    const me = await rpc.send(RPC.identity.register, registration('kofi'));
    const error = await expectError(
      rpc.send(RPC.identity.updateUser, {
        actorId: me.id,
        userId: me.id,
        changes: { firstName: 'Kofi', lastName: 'A', role: 'support' } as never,
      }),
      ErrorCode.ValidationFailed,
    );
    expect(error.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'changes.role' })]));
    await expectError(
      rpc.send(RPC.identity.updateUser, {
        actorId: me.id,
        userId: me.id,
        role: 'support',
        changes: { firstName: 'K', lastName: 'A' },
      } as never),
      ErrorCode.ValidationFailed,
    );
    expect(await rpc.send(RPC.identity.getMe, { actorId: me.id })).toMatchObject({ role: 'member' });
  });

  it('is given and taken back by npm run support:grant (any case of the username), which names an unknown user', async () => {
    const me = await rpc.send(RPC.identity.register, registration('lena'));
    const granted = await grant('LENA');
    expect(granted).toEqual({ code: 0, out: expect.stringContaining('lena is now support') });
    expect(await rpc.send(RPC.identity.getMe, { actorId: me.id })).toMatchObject({ role: 'support' });
    expect(await rpc.send(RPC.identity.verifyCredentials, { username: 'lena', password: 'secret1' })).toMatchObject({
      role: 'support',
    });
    expect((await grant('lena')).out).toContain('already was support');

    expect(await grant('lena', '--revoke')).toEqual({ code: 0, out: expect.stringContaining('lena is now a member') });
    expect(await rpc.send(RPC.identity.getMe, { actorId: me.id })).toMatchObject({ role: 'member' });

    expect(await grant('nobody-here')).toEqual({
      code: 1,
      out: expect.stringContaining('no user is named "nobody-here"'),
    });
    expect((await grant()).code).toBe(2);
  });

  it('only takes the two known values in the table', async () => {
    await expect(
      infra.database.query(`UPDATE identity.users SET role = 'admin' WHERE username = 'lena'`),
    ).rejects.toThrow(/users_role_known/);
  });
});

describe('usernames that look alike, names that spoof', () => {
  it('refuses lookalike usernames and invisible or bidi characters in names over NATS', async () => {
    await rpc.send(RPC.identity.register, registration('yuki'));
    for (const username of ['yuk\u0456', 'ｙｕｋｉ', 'yu\u200Bki', '\u202Eikuy', '<b>yuki</b>']) {
      const error = await expectError(
        rpc.send(RPC.identity.register, { ...registration('x'), username, email: 'lookalike@example.com' }),
        ErrorCode.ValidationFailed,
      );
      expect(error.errors).toEqual([{ field: 'username', message: MESSAGES.usernameCharacters }]);
    }
    await expectError(
      rpc.send(RPC.identity.register, { ...registration('YUKI'), email: 'other-yuki@example.com' }),
      ErrorCode.Conflict,
    );
    const error = await expectError(
      rpc.send(RPC.identity.register, { ...registration('yuki2'), lastName: 'Tan\u202Eaka' }),
      ErrorCode.ValidationFailed,
    );
    expect(error.errors).toEqual([{ field: 'lastName', message: MESSAGES.lastNameNotPlain }]);
  });

  it('migrates accounts registered before the rule: renames lookalikes, strips spoofing characters, announces both, then enforces a CHECK', async () => {
    const dataSource = app.get(DataSource);
    // Back to before the rule: undo it and every migration that came after it.
    const undo = IDENTITY_MIGRATIONS.length - IDENTITY_MIGRATIONS.indexOf(PlainUsernamesAndNames1733800000000);
    // Outside a transaction: some of them build or drop indexes concurrently, which a transaction refuses.
    for (let i = 0; i < undo; i++) await dataSource.undoLastMigration({ transaction: 'none' });
    const insert = (username: string, firstName: string, lastName: string) =>
      dataSource.query<{ id: string }[]>(
        `INSERT INTO identity.users (username, email, password_hash, first_name, last_name, location)
       VALUES ($1, $1 || '@old.example', 'x', $2, $3, 'Tokyo') RETURNING id`,
        [username, firstName, lastName],
      );
    const [lookalike] = await insert('yuk\u0456', 'Yuki', 'Tanaka');
    const [spoofer] = await insert('tanaka.y', 'Yu\u200Bki', '\u202Eakanat');
    const [plain] = await insert('plain-old', 'Léa', 'Martin');
    await dataSource.runMigrations();

    const rows = await dataSource.query<
      { id: string; username: string; first_name: string; last_name: string; version: number }[]
    >(`SELECT id, username, first_name, last_name, version FROM identity.users WHERE id = ANY($1)`, [
      [lookalike.id, spoofer.id, plain.id],
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(lookalike.id)).toMatchObject({
      username: `user_${lookalike.id.replace(/-/g, '').slice(0, 20)}`,
      version: 2,
    });
    expect(byId.get(spoofer.id)).toMatchObject({
      username: 'tanaka.y',
      first_name: 'Yuki',
      last_name: 'akanat',
      version: 2,
    });
    expect(byId.get(plain.id)).toMatchObject({ username: 'plain-old', first_name: 'Léa', version: 1 });
    await expect(insert('ｙｕｋｉ', 'Yuki', 'Tanaka')).rejects.toThrow(/users_username_plain/);

    await eventually(async () => {
      const events = (await readStreamEvents<UserRegisteredEvent>(infra, EVENTS.identity.userUpdated)).map(
        (e) => e.data,
      );
      expect(events.find((e) => e.userId === lookalike.id)).toMatchObject({
        username: byId.get(lookalike.id)?.username,
        version: 2,
      });
      expect(events.find((e) => e.userId === spoofer.id)).toMatchObject({
        firstName: 'Yuki',
        lastName: 'akanat',
        version: 2,
      });
      expect(events.find((e) => e.userId === plain.id)).toBeUndefined();
    });
  });
});
