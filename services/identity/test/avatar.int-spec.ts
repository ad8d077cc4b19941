import { ErrorCode, EVENTS, RPC, type UserUpdatedEvent } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, readStreamEvents, serviceSuite } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';

/** The profile photo: kept on the user and announced by user updated, which every read model of people follows. */

const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, IdentityConfig);

const photo = `/media/${'ab'.repeat(16)}-320.webp`;

it('is set and removed by its owner, each change announced once with a higher version', async () => {
  const ana = await rpc.send(RPC.identity.register, {
    email: 'ana@example.com',
    password: 'secret1',
    username: 'ana',
    firstName: 'Ana',
    lastName: 'Lopez',
  });
  expect(ana.avatar).toBeNull();
  expect(await rpc.send(RPC.identity.setAvatar, { actorId: ana.id, avatar: photo })).toMatchObject({ avatar: photo });
  // The same photo again changes nothing and announces nothing.
  await rpc.send(RPC.identity.setAvatar, { actorId: ana.id, avatar: photo });
  expect((await rpc.send(RPC.identity.getUser, { userId: ana.id })).avatar).toBe(photo);
  expect(await rpc.send(RPC.identity.setAvatar, { actorId: ana.id, avatar: null })).toMatchObject({ avatar: null });

  const updates = await eventually(async () => {
    const found = (await readStreamEvents<UserUpdatedEvent>(infra, EVENTS.identity.userUpdated))
      .map((e) => e.data)
      .filter((e) => e.userId === ana.id);
    expect(found).toHaveLength(2);
    return found;
  });
  expect(updates.map((e) => e.avatar)).toEqual([photo, null]);
  expect(updates[1]!.version).toBeGreaterThan(updates[0]!.version);
});

it('refuses anything but an upload path, and an unknown caller', async () => {
  const refused = await rpc
    .send(RPC.identity.setAvatar, {
      actorId: '00000000-0000-4000-8000-000000000000',
      avatar: 'https://x.example/a.png',
    })
    .catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).code).toBe(ErrorCode.ValidationFailed);
  const nobody = await rpc
    .send(RPC.identity.setAvatar, { actorId: '00000000-0000-4000-8000-000000000000', avatar: photo })
    .catch((e: unknown) => e);
  expect((nobody as DomainError).code).toBe(ErrorCode.Unauthenticated);
});
