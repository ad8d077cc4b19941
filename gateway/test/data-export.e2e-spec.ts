import { eventually, linkIn, mailsTo } from '@souvenir/testing';
import sharp from 'sharp';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { join, type Account } from './gateway-harness';
import { gatewayWorld, PUBLIC_URL } from './gateway-world';

/**
 * "Download my data" from the outside: every service answers its part, media stores the zip, the mail carries the
 * link, and only its owner can download it, only until it expires.
 */
const { infra, maildev, http } = gatewayWorld({
  services: [
    'media',
    'identity',
    'catalog',
    'favourites',
    'messaging',
    'payments',
    'reviews',
    'moderation',
    'alerts',
    'notifications',
  ],
  mail: true,
  gateway: { WRITE_LIMIT_DATA_EXPORTS: '3/86400', RPC_TIMEOUT_MS: '4000' },
});

/** The zip's files by name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
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

const json = (files: Map<string, Buffer>, name: string) =>
  JSON.parse(files.get(name)?.toString() ?? 'null') as Record<string, unknown>[];

const download = (id: string, cookie?: string) => {
  const req = http.get(`/api/me/export/${id}`);
  if (cookie) req.set('Cookie', cookie);
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
};

let ana: Account;
let bo: Account;
let exportId: string;

it('builds one archive for a request made twice at once, and mails its link', async () => {
  ana = await join(http, 'ana-export', 'Ana');
  bo = await join(http, 'bo-export', 'Bo');
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
  const upload = await http.post('/api/uploads').set('Cookie', ana.cookie).attach('file', photo, 'a.jpg').expect(201);
  const product = await http
    .post('/api/products')
    .set('Cookie', ana.cookie)
    .send({
      title: 'Painted tile from Porto',
      description: 'A hand-painted azulejo, wrapped for travel, with its shop receipt.',
      price: 30,
      condition: 'new',
      category: 'Home Decor',
      country: 'Portugal',
      images: [`${PUBLIC_URL}${upload.body.url}`],
    })
    .expect(201);
  await http
    .post('/api/messages')
    .set('Cookie', bo.cookie)
    .send({ toUserId: ana.id, productId: product.body.id, content: 'Is the tile still available?' })
    .expect(201);
  await http
    .post('/api/messages')
    .set('Cookie', ana.cookie)
    .send({ toUserId: bo.id, productId: product.body.id, content: 'Yes, it is!' })
    .expect(201);
  // Bo's own data: never in Ana's archive.
  await http
    .post('/api/products')
    .set('Cookie', bo.cookie)
    .send({
      title: 'Bo’s brass compass',
      description: 'An old brass compass from a market in Valletta, in working order.',
      price: 45,
      condition: 'good',
      category: 'Home Decor',
      country: 'Malta',
      images: ['https://example.com/compass.jpg'],
    })
    .expect(201);

  const [first, second] = await Promise.all([
    http.post('/api/me/export').set('Cookie', ana.cookie),
    http.post('/api/me/export').set('Cookie', ana.cookie),
  ]);
  expect(first.status).toBe(202);
  expect(second.status).toBe(202);
  expect(second.body.id).toBe(first.body.id);
  exportId = first.body.id;
  const rows = await infra.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM identity.data_exports WHERE user_id = $1`,
    [ana.id],
  );
  expect(rows[0].n).toBe(1);

  const mail = await eventually(async () => {
    const found = (await mailsTo(maildev.webUrl, 'ana-export@example.com')).find((m) =>
      /data is ready/.test(m.subject),
    );
    if (!found) throw new Error('no mail yet');
    return found;
  }, 60_000);
  expect(linkIn(mail, `${PUBLIC_URL}/api/me/export/`)).toBe(`${PUBLIC_URL}/api/me/export/${exportId}`);
  const latest = await http.get('/api/me/export').set('Cookie', ana.cookie).expect(200);
  expect(latest.body.export).toMatchObject({ id: exportId, status: 'ready', expiresAt: expect.any(String) });
  const bell = await http.get('/api/notifications').set('Cookie', ana.cookie).expect(200);
  expect(JSON.stringify(bell.body)).toContain('Your data is ready to download');
}, 120_000);

it('gives its owner a zip of their data and photos, and nobody else anything', async () => {
  const res = await download(exportId, ana.cookie).expect(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const files = await unzip(res.body as Buffer);
  expect(files.get('README.txt')?.toString()).toContain('messaging/messages.json');
  const [profile] = json(files, 'identity/profile.json');
  expect(profile).toMatchObject({ id: ana.id, email: 'ana-export@example.com', firstName: 'Ana' });
  expect(JSON.stringify(profile)).not.toMatch(/hash|password/i);
  expect(json(files, 'catalog/listings.json').map((l) => l.title)).toEqual(['Painted tile from Porto']);
  expect(json(files, 'messaging/messages.json').map((m) => [m.direction, m.content])).toEqual([
    ['received', 'Is the tile still available?'],
    ['sent', 'Yes, it is!'],
  ]);
  for (const name of ['payments/orders.json', 'reviews/written.json', 'favourites/favourites.json']) {
    expect(json(files, name)).toEqual([]);
  }
  const uploads = json(files, 'media/uploads.json');
  expect(uploads).toHaveLength(1);
  const photo = files.get(`photos/${String(uploads[0].url).split('/').pop()}`);
  expect((await sharp(photo!).metadata()).format).toBe('webp');
  expect([...files.keys()].join('\n')).not.toContain('compass');
  expect([...files.values()].map(String).join('\n')).not.toContain('brass compass');

  await download(exportId, bo.cookie).expect(404);
  await download(exportId).expect(401);
  await download('not-an-id', ana.cookie).expect(404);
  await download('5b0c1b8e-6e0e-4a43-9d3f-1f1f1f1f1f1f', ana.cookie).expect(404);
}, 60_000);

it('stops serving the archive once it has expired', async () => {
  await infra.database.query(
    `UPDATE identity.data_exports SET expires_at = now() - interval '1 second' WHERE id = $1`,
    [exportId],
  );
  await download(exportId, ana.cookie).expect(404);
});

it('limits requests per person (429 with Retry-After)', async () => {
  const cleo = await join(http, 'cleo-export', 'Cleo');
  for (let i = 0; i < 3; i++) await http.post('/api/me/export').set('Cookie', cleo.cookie).expect(202);
  const refused = await http.post('/api/me/export').set('Cookie', cleo.cookie).expect(429);
  expect(refused.headers['retry-after']).toBeDefined();
  await http.post('/api/me/export').expect(401);
});
