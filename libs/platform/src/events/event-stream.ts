import type { NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

/** Creates the event stream if it does not exist yet (every service may be the first to start). */
export async function ensureEventStream(nc: NatsConnection, name: string, subjects: readonly string[]): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add({ name, subjects: [...subjects], duplicate_window: 10 * 60 * 1_000_000_000 });
    } catch (error) {
      // Another service created it meanwhile.
      await jsm.streams.info(name).catch(() => {
        throw error;
      });
    }
  }
}
