import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EVENTS, type UserDeletedEvent } from '@souvenir/contracts';
import { processed } from './service-harness';
import type { TestInfra } from './test-infra';

/**
 * Publishes identity's `user.deleted` as its outbox relay would (`msgId` standing for the outbox row id) and waits
 * until the service owning `schema` has applied it. Publish the same user under a second id to replay the deletion
 * past JetStream's de-duplication, as a restored outbox would.
 */
export async function userDeleted(infra: TestInfra, schema: string, userId: string, msgId: string): Promise<void> {
  const nc = await connect({ servers: infra.natsUrl });
  try {
    const event: UserDeletedEvent = { userId };
    await jetstream(nc).publish(EVENTS.identity.userDeleted, JSON.stringify(event), { msgID: msgId });
  } finally {
    await nc.close();
  }
  await processed(infra, schema, [msgId]);
}
