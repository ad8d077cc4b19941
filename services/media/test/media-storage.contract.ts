import { randomBytes, randomUUID } from 'node:crypto';
import type { MediaStorage } from '../src/storage/media-storage';
import { Readable } from 'node:stream';
import { archiveKey, mediaKey } from '../src/storage/media-storage';

/** What every MediaStorage must do, as the upload, serve and clean-up paths rely on it. */
export interface StorageUnderTest {
  storage: MediaStorage;
  /**
   * The headers the store itself keeps with an object and answers it with (S3: its HEAD), or null when it has none.
   * Absent for the file system, which keeps bytes only: there the media route sets them (media.int-spec).
   */
  headers?: (key: string) => Promise<{ contentType?: string; cacheControl?: string } | null>;
}

const newKey = (width = 800) => mediaKey(randomBytes(16).toString('hex'), width);

async function readAll(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const stream = await storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The contract, run against each implementation (file system, S3 on s3rver, S3 on MinIO where Docker answers). */
export function mediaStorageContract(start: () => Promise<StorageUnderTest>, options: { keepsHeaders: boolean }): void {
  let under: StorageUnderTest;
  beforeAll(async () => {
    under = await start();
  });

  it('reads back exactly the bytes put, across many chunks', async () => {
    const key = newKey();
    const bytes = randomBytes(700 * 1024); // bigger than any stream's chunk
    await under.storage.put(key, bytes);
    expect((await readAll(under.storage, key))?.equals(bytes)).toBe(true);
  });

  it('stores a stream of unknown length (a data archive) in parts, answers its size and reads it back', async () => {
    const key = archiveKey(randomUUID());
    // Over one S3 part (5 MB), arriving in small chunks as an upload does.
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    expect(await under.storage.putStream(key, Readable.from(chunks), 'application/zip')).toBe(bytes.length);
    expect((await readAll(under.storage, key))?.equals(bytes)).toBe(true);
    await under.storage.delete([key]);
    expect(await under.storage.read(key)).toBeNull();
  });

  it('keeps nothing of a stream that fails midway', async () => {
    const key = archiveKey(randomUUID());
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(1024);
        throw new Error('the job stopped');
      })(),
    );
    await expect(under.storage.putStream(key, failing, 'application/zip')).rejects.toThrow();
    expect(await under.storage.read(key)).toBeNull();
  });

  it('answers null for a key never stored', async () => {
    expect(await under.storage.read(newKey())).toBeNull();
  });

  it('deletes a batch of keys, and a key already gone or never stored is no error', async () => {
    const [a, b, never] = [newKey(320), newKey(1600), newKey(16)];
    await under.storage.put(a, Buffer.from('a'));
    await under.storage.put(b, Buffer.from('b'));
    await under.storage.delete([a, b, never]);
    expect(await under.storage.read(a)).toBeNull();
    expect(await under.storage.read(b)).toBeNull();
    await expect(under.storage.delete([a])).resolves.toBeUndefined();
    await expect(under.storage.delete([])).resolves.toBeUndefined();
  });

  it('stores the same content-addressed key twice at once without error, and keeps its bytes', async () => {
    const key = newKey();
    const bytes = randomBytes(64 * 1024);
    await Promise.all([under.storage.put(key, bytes), under.storage.put(key, bytes)]);
    expect((await readAll(under.storage, key))?.equals(bytes)).toBe(true);
  });

  it('keeps other keys when one is deleted', async () => {
    const [kept, gone] = [newKey(), newKey()];
    await under.storage.put(kept, Buffer.from('kept'));
    await under.storage.put(gone, Buffer.from('gone'));
    await under.storage.delete([gone]);
    expect((await readAll(under.storage, kept))?.toString()).toBe('kept');
  });

  if (options.keepsHeaders)
    it('keeps each object as WebP, cached for a year as immutable, and has no head once it is deleted', async () => {
      const key = newKey();
      await under.storage.put(key, Buffer.from('webp bytes'));
      expect(await under.headers!(key)).toEqual({
        contentType: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      await under.storage.delete([key]);
      expect(await under.headers!(key)).toBeNull();
    });
}
