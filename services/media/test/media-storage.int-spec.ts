import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { StartedTestContainer } from 'testcontainers';
import { FileSystemStorage } from '../src/storage/file-system-storage';
import { S3Storage } from '../src/storage/s3-storage';
import { mediaStorageContract, type StorageUnderTest } from './media-storage.contract';

/*
 * One contract, three stores: the file system (`npm start`'s default), S3Storage against s3rver (a real S3-protocol
 * server, in this process: the SDK's signed requests, XML answers, multi-object delete and HEAD as a server parses
 * and answers them), and S3Storage against MinIO in a container, where a Docker engine answers (CI machines with
 * Docker, developers' laptops); without one that part is skipped with the reason printed.
 */
const BUCKET = 'photos';
const folders: string[] = [];
const cleanUps: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const folder = async (prefix: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};

/** S3Storage as storage.provider.ts builds it for an S3-compatible endpoint, plus the HEAD of an object. */
function s3UnderTest(endpoint: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  cleanUps.push(async () => client.destroy());
  const under: StorageUnderTest = {
    storage: new S3Storage(client, BUCKET),
    headers: async (key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
        return { contentType: head.ContentType, cacheControl: head.CacheControl };
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
  };
  return { client, under };
}

describe('FileSystemStorage', () => {
  mediaStorageContract(async () => ({ storage: new FileSystemStorage(await folder('media-fs-')) }), {
    keepsHeaders: false,
  });
});

describe('S3Storage on s3rver', () => {
  mediaStorageContract(
    async () => {
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: await folder('media-s3rver-'),
        configureBuckets: [{ name: BUCKET }],
      });
      const { port } = await server.run();
      cleanUps.push(() => server.close());
      // s3rver's fixed test credentials (it checks the signature made with them).
      return s3UnderTest(`http://127.0.0.1:${port}`, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }).under;
    },
    { keepsHeaders: true },
  );
});

/** Whether testcontainers finds a container engine, asked in a child process so the answer is known before the tests are declared. */
function containerEngine(): { ok: true } | { ok: false; reason: string } {
  try {
    execFileSync(
      process.execPath,
      [
        '-e',
        "require('testcontainers').getContainerRuntimeClient().then(() => process.exit(0), (e) => { process.stderr.write(String(e && e.message)); process.exit(1); })",
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000, cwd: __dirname },
    );
    return { ok: true };
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    return { ok: false, reason: stderr.split('\n')[0] || String(error) };
  }
}

const engine = containerEngine();
if (!engine.ok) {
  process.stdout.write(`S3Storage on MinIO skipped: no container engine answers (${engine.reason})\n`);
}

(engine.ok ? describe : describe.skip)('S3Storage on MinIO (Testcontainers)', () => {
  mediaStorageContract(
    async () => {
      const { GenericContainer, Wait } = await import('testcontainers');
      const credentials = { accessKeyId: 'minio-test', secretAccessKey: 'minio-test-secret' };
      const minio: StartedTestContainer = await new GenericContainer('minio/minio:latest')
        .withCommand(['server', '/data'])
        .withEnvironment({ MINIO_ROOT_USER: credentials.accessKeyId, MINIO_ROOT_PASSWORD: credentials.secretAccessKey })
        .withExposedPorts(9000)
        .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
        .start();
      cleanUps.push(() => minio.stop());
      const { client, under } = s3UnderTest(`http://${minio.getHost()}:${minio.getMappedPort(9000)}`, credentials);
      await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
      return under;
    },
    { keepsHeaders: true },
  );
});
