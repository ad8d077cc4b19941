import type { NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, StorageType } from '@nats-io/jetstream';

/**
 * How long the stream keeps an event. Events carry personal data (names, addresses), and every consumer applies
 * an event within seconds; a consumer that falls further behind than this is an incident. A new consumer starts
 * from what the stream still holds.
 */
export const EVENT_STREAM_MAX_AGE_DAYS = 7;
const NANOS_PER_DAY = 86_400 * 1_000_000_000;

/**
 * Creates the event stream if it does not exist yet (every service may be the first to start), on disk with
 * `replicas` copies, and brings an older stream's retention and copies to the current ones.
 */
export async function ensureEventStream(
  nc: NatsConnection,
  name: string,
  subjects: readonly string[],
  replicas = 1,
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const maxAge = EVENT_STREAM_MAX_AGE_DAYS * NANOS_PER_DAY;
  const info = await jsm.streams.info(name).catch(() => null);
  if (info) {
    if (info.config.max_age !== maxAge || info.config.num_replicas !== replicas)
      await jsm.streams.update(name, { ...info.config, max_age: maxAge, num_replicas: replicas });
    return;
  }
  try {
    await jsm.streams.add({
      name,
      subjects: [...subjects],
      storage: StorageType.File,
      num_replicas: replicas,
      duplicate_window: 10 * 60 * 1_000_000_000,
      max_age: maxAge,
    });
  } catch (error) {
    // Another service created it meanwhile.
    await jsm.streams.info(name).catch(() => {
      throw error;
    });
  }
}
