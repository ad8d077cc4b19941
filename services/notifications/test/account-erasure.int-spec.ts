import { randomUUID } from 'node:crypto';
import { DELETED_USER_NAME, RPC } from '@souvenir/contracts';
import { serviceSuite, userDeleted } from '@souvenir/testing';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { NotificationsConfig } from '../src/config/notifications.config';

/**
 * notifications' part of an account deletion (identity's user.deleted over real NATS): the person's notifications,
 * settings, digest items, live events and mails (to the account, and to its address alone) go; other people's stay; the name their
 * notifications quote reads "Deleted user". A replay changes nothing more.
 */
const { infra, rpc } = serviceSuite(SERVICE_NAME, AppModule, NotificationsConfig);

const leaving = randomUUID();
const staying = randomUUID();

async function notify(userId: string): Promise<void> {
  const id = randomUUID();
  await infra.database.query(
    `INSERT INTO notifications.notifications (id, user_id, kind, text, link) VALUES ($1, $2, 'sale', 'You sold a fan', '/orders')`,
    [id, userId],
  );
  await infra.database.query(
    `INSERT INTO notifications.mail_outbox (id, notification_id, user_id, event_id, kind, recipient)
     VALUES ($1, $2, $3::uuid, $4, 'notification', 'user:' || $3::text)`,
    [randomUUID(), id, userId, `notification:${id}`],
  );
  await infra.database.query(
    `INSERT INTO notifications.live_events (user_id, data, notification_id, occurred_at) VALUES ($1, '{}', $2, now())`,
    [userId, id],
  );
}

async function mailTo(email: string, eventId: string): Promise<void> {
  await infra.database.query(
    `INSERT INTO notifications.mail_outbox (id, event_id, kind, recipient, to_email) VALUES ($1, $2, 'password-changed', $3, $4)`,
    [randomUUID(), eventId, `email:${email.toLowerCase()}`, email],
  );
}

const count = async (table: string, userId: string) =>
  (await infra.database.query(`SELECT 1 FROM notifications.${table} WHERE user_id = $1`, [userId])).length;
const mailsTo = async (email: string) =>
  (await infra.database.query(`SELECT 1 FROM notifications.mail_outbox WHERE lower(to_email) = $1`, [email])).length;

it("deletes the person's notifications, live events and mails, keeps everyone else's, and replays safely", async () => {
  await notify(leaving);
  await notify(staying);
  await mailTo('Ingrid@example.com', `password-changed:${leaving}:2026-01-01T00:00:00.000Z`);
  // Queued to the address alone ("Find my order" as a guest): found through the account mail above.
  await mailTo('ingrid@example.com', `guest-order-links:${randomUUID()}`);
  await mailTo('tunde@example.com', `password-changed:${staying}:2026-01-01T00:00:00.000Z`);
  await infra.database.query(
    `INSERT INTO notifications.user_names (user_id, first_name, version) VALUES ($1, 'Ingrid', 3)`,
    [leaving],
  );

  await infra.database.query(
    `INSERT INTO notifications.notification_settings (user_id, digest) VALUES ($1, 'daily'), ($2, 'daily')`,
    [leaving, staying],
  );
  const digestItem = (to: string, from: string) =>
    infra.database.query(
      `INSERT INTO notifications.digest_items (message_id, user_id, from_user_id, text, occurred_at)
       VALUES ($1, $2, $3, 'Is it still available?', now())`,
      [randomUUID(), to, from],
    );
  await digestItem(leaving, staying);
  await digestItem(staying, leaving);
  await digestItem(staying, randomUUID());

  await userDeleted(infra, 'notifications', leaving, 'notifications-erasure-1');

  for (const table of ['notifications', 'mail_outbox', 'live_events', 'notification_settings', 'digest_items'])
    expect(await count(table, leaving)).toBe(0);
  // The staying person's digest keeps only what others wrote.
  expect(
    await infra.database.query('SELECT 1 FROM notifications.digest_items WHERE from_user_id = $1', [leaving]),
  ).toEqual([]);
  expect(await count('digest_items', staying)).toBe(1);
  expect(await count('notification_settings', staying)).toBe(1);
  expect(await mailsTo('ingrid@example.com')).toBe(0);
  expect((await rpc.send(RPC.notifications.listNotifications, { actorId: leaving, limit: 20 })).items).toEqual([]);
  for (const table of ['notifications', 'mail_outbox', 'live_events']) expect(await count(table, staying)).toBe(1);
  expect(await mailsTo('tunde@example.com')).toBe(1);
  const name = async () =>
    (
      await infra.database.query<{ first_name: string }>(
        'SELECT first_name FROM notifications.user_names WHERE user_id = $1',
        [leaving],
      )
    )[0].first_name;
  expect(await name()).toBe(DELETED_USER_NAME);

  await userDeleted(infra, 'notifications', leaving, 'notifications-erasure-2');
  expect(await count('notifications', staying)).toBe(1);
  expect(await name()).toBe(DELETED_USER_NAME);
});
