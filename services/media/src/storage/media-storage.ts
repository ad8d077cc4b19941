import type { Readable } from 'node:stream';

/**
 * Where processed images live, by key. Keys are content-addressed (`<hash>-<width>.webp`), so a stored object never
 * changes and is served as immutable. Implementations: the local file system (default) and S3-compatible storage.
 */
export abstract class MediaStorage {
  abstract put(key: string, bytes: Buffer): Promise<void>;
  /** Stores a stream of unknown length as it arrives (a data archive), never whole in memory; answers its bytes. */
  abstract putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** The object's bytes as a stream, or null when there is none. */
  abstract read(key: string): Promise<Readable | null>;
  /** Deletes the keys; one that is already gone is not an error. */
  abstract delete(keys: readonly string[]): Promise<void>;
}

/** `<32 hex>-<width>.webp`: the only shape a key has, so a served path can never name anything else. */
export const MEDIA_KEY = /^[0-9a-f]{32}-\d{1,4}\.webp$/;

export const mediaKey = (hash: string, width: number) => `${hash}-${width}.webp`;

/** A person's data archive, by its export's id: outside MEDIA_KEY's shape, so `/media/<key>` never serves one. */
export const archiveKey = (exportId: string) => `export-${exportId}.zip`;
