import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MediaStorage } from './media-storage';

/**
 * Objects as files in one folder (the default, and what `npm start` uses; a PersistentVolume in Kubernetes).
 * Written to a temporary name and renamed, so a reader never sees half a file; the temporary name is unique per write,
 * since the same photo uploaded twice at once writes the same content-addressed key twice.
 */
export class FileSystemStorage extends MediaStorage {
  constructor(private readonly dir: string) {
    super();
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${key}.${randomUUID()}.tmp`);
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(bytes);
    } finally {
      await file.close();
    }
    await rename(temporary, this.path(key));
  }

  async putStream(key: string, body: Readable): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${key}.${randomUUID()}.tmp`);
    let bytes = 0;
    const counter = new PassThrough().on('data', (chunk: Buffer) => (bytes += chunk.length));
    try {
      await pipeline(body, counter, createWriteStream(temporary));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await rename(temporary, this.path(key));
    return bytes;
  }

  async read(key: string): Promise<Readable | null> {
    const stream = createReadStream(this.path(key));
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
    });
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.path(key), { force: true })));
  }

  private path(key: string): string {
    return path.join(this.dir, path.basename(key));
  }
}
