import { PassThrough, type Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { MediaStorage } from './media-storage';

/** Objects in an S3-compatible bucket (S3, MinIO, R2), one object per key. */
export class S3Storage extends MediaStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {
    super();
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  /** A multipart upload: parts of 5 MB, a few at a time, so memory stays bounded whatever the archive's size. */
  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    let bytes = 0;
    const counter = new PassThrough().on('data', (chunk: Buffer) => (bytes += chunk.length));
    body.on('error', (error) => counter.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body.pipe(counter), ContentType: contentType },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
    });
    await upload.done();
    return bytes;
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (!keys.length) return;
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}
