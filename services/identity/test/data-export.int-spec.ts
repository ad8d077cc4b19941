import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, RPC, USER_EXPORT_SECTIONS, type UserExportPage } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { eventually, exportSection, serviceSuite } from '@souvenir/testing';
import { Client } from 'pg';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { IdentityConfig } from '../src/config/identity.config';
import { ExportRequestsService } from '../src/privacy/export-requests.service';

/*
 * identity's data export job on real Postgres, NATS and pg-boss. The other services are stand-ins on NATS that answer
 * their sections in two pages each, and media is a stand-in HTTP server that keeps the uploaded zip (checking the
 * job's token with identity, as media does) and serves one photo.
 */
const env: Record<string, string> = {};
const archives = new Map<string, Buffer>();
let media: Server;

beforeAll(async () => {
  media = createServer((req, res) => {
    const [, , , exportId, photos] = (req.url ?? '').split('/');
    const token = String(req.headers['x-export-token'] ?? '');
    void rpc
      .send(RPC.identity.authorizeExportUpload, { exportId: exportId!, token })
      .then(() => {
        if (photos) return void res.writeHead(200, { 'content-type': 'image/webp' }).end('PHOTO');
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          archives.set(exportId!, Buffer.concat(chunks));
          res.writeHead(201).end('{}');
        });
      })
      .catch(() => res.writeHead(403).end());
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  env.MEDIA_INTERNAL_URL = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
});

const { app, infra, rpc, nc } = serviceSuite(SERVICE_NAME, AppModule, IdentityConfig, {
  env,
  cleanUp: () => new Promise((resolve) => media?.close(resolve)),
});

/** Every other service's export subject, answered in two pages of that person's rows. */
beforeAll(() => {
  for (const service of Object.keys(USER_EXPORT_SECTIONS).filter((s) => s !== 'identity')) {
    const subscription = nc.subscribe(`${service}.user.export`);
    void (async () => {
      for await (const message of subscription) {
        const { id, data } = message.json<{ id: string; data: { userId: string; section: string; after?: string } }>();
        const item = (n: number) =>
          data.section === 'uploads'
            ? { id: `${n}`, url: `/media/${'a'.repeat(32)}-1600.webp` }
            : { userId: data.userId, section: data.section, n };
        const page: UserExportPage = data.after ? { items: [item(2), item(3)] } : { items: [item(1)], next: 'x|1' };
        message.respond(JSON.stringify({ id, response: page, isDisposed: true }));
      }
    })();
  }
});

async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks).toString());
          zip.readEntry();
        });
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

const person = (n: string) => ({
  email: `${n}@example.com`,
  password: 'secret1',
  username: n,
  firstName: n,
  lastName: 'T',
});

it('makes one job for a request made twice at once, and writes the whole archive', async () => {
  const ana = (await rpc.send(RPC.identity.register, person('anna'))).id;
  const [first, second] = await Promise.all([
    rpc.send(RPC.identity.requestDataExport, { actorId: ana }),
    rpc.send(RPC.identity.requestDataExport, { actorId: ana }),
  ]);
  expect(second.id).toBe(first.id);
  expect(first.status).toBe('pending');

  const db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  try {
    const jobs = await db.query(
      `SELECT count(*)::int AS n FROM identity_jobs.job WHERE name = 'identity.data-export.build'`,
    );
    expect(jobs.rows[0].n).toBe(1);
  } finally {
    await db.end();
  }

  const ready = await eventually(async () => {
    const latest = await rpc.send(RPC.identity.latestDataExport, { actorId: ana });
    expect(latest?.status).toBe('ready');
    return latest!;
  }, 30_000);
  expect(new Date(ready.expiresAt!).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  expect(await rpc.send(RPC.identity.getDataExport, { actorId: ana, exportId: ready.id })).toMatchObject(ready);

  const files = await unzip(archives.get(ready.id)!);
  expect(files.get('README.txt')).toContain('identity/profile.json');
  const [profile] = JSON.parse(files.get('identity/profile.json')!);
  expect(profile).toMatchObject({ id: ana, email: 'anna@example.com', username: 'anna' });
  expect(JSON.stringify(profile)).not.toMatch(/hash|secret/i);
  // Pages written one after the other into one JSON array, in order.
  expect(JSON.parse(files.get('messaging/messages.json')!).map((m: { n: number }) => m.n)).toEqual([1, 2, 3]);
  expect(JSON.parse(files.get('payments/ledger.json')!)).toHaveLength(3);
  expect(files.get(`photos/${'a'.repeat(32)}-1600.webp`)).toBe('PHOTO');
  const sections = Object.entries(USER_EXPORT_SECTIONS).flatMap(([s, list]) => list.map((n) => `${s}/${n}.json`));
  expect([...files.keys()].filter((f) => f.endsWith('.json')).sort()).toEqual(sections.sort());
});

it('answers another person NOT_FOUND, and refuses the spent upload token', async () => {
  const bo = (await rpc.send(RPC.identity.register, person('bob'))).id;
  const [exportId] = [...archives.keys()];
  const refusal = await rpc.send(RPC.identity.getDataExport, { actorId: bo, exportId: exportId! }).catch((e) => e);
  expect(refusal).toBeInstanceOf(DomainError);
  expect((refusal as DomainError).code).toBe(ErrorCode.NotFound);
  const forged = await rpc
    .send(RPC.identity.authorizeExportUpload, { exportId: exportId!, token: 'A'.repeat(43) })
    .catch((e) => e);
  expect((forged as DomainError).code).toBe(ErrorCode.Forbidden);
});

it('answers its own sections over NATS for that person only, passkeys without their keys', async () => {
  const db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT id, username FROM identity.users WHERE username IN ('anna', 'bob')`);
    const id = (name: string) => rows.find((r) => r.username === name).id as string;
    for (let i = 0; i < 205; i++) {
      await db.query(
        `INSERT INTO identity.passkeys (user_id, credential_id, public_key, name) VALUES ($1, $2, '\\x01', $3)`,
        [id('anna'), `cred-${i}`, `Key ${i}`],
      );
    }
    await db.query(
      `INSERT INTO identity.passkeys (user_id, credential_id, public_key, name) VALUES ($1, 'b', '\\x01', 'Bob key')`,
      [id('bob')],
    );
    const passkeys = await exportSection(rpc, 'identity.user.export', id('anna'), 'passkeys');
    expect(passkeys.pages).toBe(2);
    expect(passkeys.items).toHaveLength(205);
    expect(passkeys.items.map((p) => p.name)).not.toContain('Bob key');
    expect(Object.keys(passkeys.items[0]!).sort()).toEqual([
      'backedUp',
      'createdAt',
      'id',
      'lastUsedAt',
      'name',
      'transports',
    ]);
    const profile = await exportSection(rpc, 'identity.user.export', id('bob'), 'profile');
    expect(profile.items.map((p) => p.username)).toEqual(['bob']);
  } finally {
    await db.end();
  }
});

it('expires a ready export at its date, and frees a person whose request lost its job', async () => {
  const db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
  try {
    const [exportId] = [...archives.keys()];
    const { rows } = await db.query(`SELECT user_id FROM identity.data_exports WHERE id = $1`, [exportId]);
    const anna = rows[0].user_id as string;
    await db.query(`UPDATE identity.data_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      exportId,
    ]);
    expect((await rpc.send(RPC.identity.latestDataExport, { actorId: anna }))?.status).toBe('expired');
    const refusal = await rpc.send(RPC.identity.getDataExport, { actorId: anna, exportId: exportId! }).catch((e) => e);
    expect((refusal as DomainError).code).toBe(ErrorCode.NotFound);

    const cleo = (await rpc.send(RPC.identity.register, person('cleo'))).id;
    await db.query(`INSERT INTO identity.data_exports (user_id, created_at) VALUES ($1, now() - interval '3 hours')`, [
      cleo,
    ]);
    expect(await app.get(ExportRequestsService).expireDue()).toBe(2);
    const again = await rpc.send(RPC.identity.requestDataExport, { actorId: cleo });
    expect(again.status).toBe('pending');
    const { rows: statuses } = await db.query(
      `SELECT status FROM identity.data_exports WHERE user_id = $1 ORDER BY created_at`,
      [cleo],
    );
    expect(statuses.map((r) => r.status)).toEqual(['failed', 'pending']);
  } finally {
    await db.end();
  }
});
