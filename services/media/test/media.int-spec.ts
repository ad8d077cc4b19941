import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { EVENTS, type OrderChangedEvent, type ProductListedEvent } from '@souvenir/contracts';
import { eventually, serviceSuite } from '@souvenir/testing';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import sharp from 'sharp';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { MediaConfig } from '../src/config/media.config';
import { processImage } from '../src/images/image-pipeline';
import { UploadsService } from '../src/uploads/uploads.service';

/*
 * Uploads on the real Postgres, Redis (the gateway's session store) and NATS, files on a temporary folder: what is
 * stored is read back and parsed, never trusted from the library's word.
 */
const SECRET = 'a-test-session-secret-of-at-least-32-characters';
const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-test-'));
let baseUrl: string;
let redis: Redis;
let db: Client;

const { infra, app } = serviceSuite(SERVICE_NAME, AppModule, MediaConfig, {
  env: { MEDIA_DIR: mediaDir, SESSION_SECRET: SECRET, WRITE_LIMIT_UPLOADS: '1000/60' },
  cleanUp: async () => {
    await db?.end();
    redis?.disconnect();
  },
});

beforeAll(async () => {
  baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  redis = new Redis(infra.redisUrl);
  db = new Client({ connectionString: infra.env.DATABASE_URL });
  await db.connect();
});

// After the suite's own afterAll (declared first): the service is closed by then.
afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

/** A signed-in member as the gateway leaves them: a session in Redis and its signed cookie. */
async function signedIn(userId: string = randomUUID()): Promise<string> {
  const sid = randomBytes(16).toString('hex');
  await redis.set(`sess:${sid}`, JSON.stringify({ cookie: {}, userId, signedInAt: Date.now() }), 'EX', 600);
  const signature = createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `souvenir.sid=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

async function upload(bytes: Buffer, name: string, type: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const cookie = headers.cookie ?? (await signedIn());
  const res = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { ...headers, cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const storedFiles = async () => (await readdir(mediaDir).catch(() => [])).filter((f) => !f.startsWith('.'));
const uploadRows = async () => Number((await db.query('SELECT count(*) FROM media.uploads')).rows[0].count);

/** A JPEG as a phone writes it: camera make and model, and where it was taken. */
async function jpegWithGps(width = 2400, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .withIccProfile('p3')
    .toBuffer();
}

/** The TIFF tag that points at a GPS block, in either byte order. */
const GPS_POINTER = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];

/**
 * A PNG whose header claims a canvas, with a few dozen bytes of pixels: by default 20,000 × 20,000 (400 megapixels)
 * in 8-bit RGB. (Bit depth, colour type: 16, 6 is 16-bit RGBA.)
 */
function decompressionBomb(width = 20_000, height = 20_000, bitDepth = 8, colourType = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * 692 bytes that claim a 6000 × 6000 JPEG: the start of a real one, cut off inside its scan and ended with the
 * end-of-image marker, which libjpeg only warns about (and fills the rest with grey).
 */
async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({
    create: {
      width: 6000,
      height: 6000,
      channels: 3,
      background: '#369',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 50 })
    .toBuffer();
  return Buffer.concat([whole.subarray(0, 690), Buffer.from([0xff, 0xd9])]);
}

/** A valid, empty zip archive (its end-of-central-directory record). */
const ZIP = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);

describe('POST /api/uploads', () => {
  it('stores every size without EXIF, GPS, XMP or an ICC profile, and serves them as immutable', async () => {
    const original = await jpegWithGps();
    const exif = (await sharp(original).metadata()).exif!;
    expect(GPS_POINTER.some((tag) => exif.includes(tag))).toBe(true); // the fixture does carry a position
    expect(original.includes(Buffer.from('TestCam'))).toBe(true);

    const { status, body } = await upload(original, 'holiday.jpg', 'image/jpeg');
    expect(status).toBe(201);
    const sizes = body.sizes as { width: number; url: string }[];
    expect(sizes.map((s) => s.width)).toEqual([320, 800, 1600]);
    expect(body.url).toBe(sizes[2]!.url);
    expect(sizes[0]!.url).toMatch(/^\/media\/[0-9a-f]{32}-320\.webp$/);
    expect(body.placeholder).toMatch(/^data:image\/webp;base64,/);

    const placeholderUrl = sizes[0]!.url.replace('-320.webp', '-16.webp');
    for (const url of [...sizes.map((s) => s.url), placeholderUrl]) {
      const res = await fetch(`${baseUrl}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await res.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.space).toBe('srgb');
      expect([metadata.exif, metadata.xmp, metadata.icc, metadata.iptc]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // The RIFF chunks that would hold metadata, and the markers of EXIF and GPS, are not in the bytes.
      // (A GPS block lives only inside an EXIF one: no EXIF chunk and no "Exif" header means no position.)
      for (const marker of ['EXIF', 'XMP ', 'ICCP', 'Exif', 'TestCam'])
        expect(bytes.includes(Buffer.from(marker, 'latin1'))).toBe(false);
    }
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored landscape, left half red, with "rotate 90° clockwise to show" (orientation 6): shown portrait, red on top.
    const red = await sharp({ create: { width: 300, height: 400, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const sideways = await sharp({ create: { width: 600, height: 400, channels: 3, background: 'blue' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { status, body } = await upload(sideways, 'sideways.jpg', 'image/jpeg');
    expect(status).toBe(201);
    expect(body).toMatchObject({ width: 400, height: 600 });
    const res = await fetch(`${baseUrl}${(body.sizes as { url: string }[])[0]!.url}`);
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(320);
    expect(info.height).toBe(480);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 320 + x) * info.channels, (y * 320 + x) * info.channels + 3),
    ];
    const [r1, , b1] = pixel(160, 20);
    const [r2, , b2] = pixel(160, 460);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(50);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(50);
  });

  it('judges the type by the bytes: a PNG named .jpg is read as a PNG, never enlarged', async () => {
    const png = await sharp({ create: { width: 500, height: 300, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    expect(await processImage(png)).toMatchObject({ format: 'png', variants: [{ width: 320 }, { width: 500 }] });
    const { status, body } = await upload(png, 'photo.jpg', 'image/jpeg');
    expect(status).toBe(201);
    expect((body.sizes as { width: number }[]).map((s) => s.width)).toEqual([320, 500]);
  });

  it.each([
    ['a zip named .jpg', () => ZIP, 415, 'Only photos can be uploaded: JPEG, PNG, WebP, HEIC or AVIF.'],
    ['a decompression bomb', () => decompressionBomb(), 413, 'A photo can be at most 40 megapixels.'],
    [
      'a 16-bit RGBA PNG of 6300 × 6300 (39.7 megapixels, 318 MB decoded)',
      () => decompressionBomb(6300, 6300, 16, 6),
      413,
      'This photo is too large to read: at most 40 megapixels in 8-bit colour.',
    ],
    ['a 6000 × 6000 JPEG cut off at 692 bytes', truncatedJpeg, 400, 'This photo could not be read. Try another file.'],
    ['an 11 MB file', () => randomBytes(11 * 1024 * 1024), 413, 'A photo can be at most 10 MB.'],
    ['a truncated JPEG', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 415, expect.any(String)],
  ])('refuses %s with a sentence, storing nothing', async (_name, bytes, statusCode, message) => {
    const [filesBefore, rowsBefore] = [await storedFiles(), await uploadRows()];
    const { status, body } = await upload(await bytes(), 'photo.jpg', 'image/jpeg');
    expect({ status, message: body.message }).toEqual({ status: statusCode, message });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await uploadRows()).toBe(rowsBefore);
  });

  it('refuses a file over 10 MB sent without a length, once read past the limit', async () => {
    const cookie = await signedIn();
    const filesBefore = await storedFiles();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(randomBytes(11 * 1024 * 1024))], { type: 'image/jpeg' }), 'big.jpg');
    const encoded = new Response(form);
    const res = await fetch(`${baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { cookie, 'content-type': encoded.headers.get('content-type')! },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('answers 401 without a session or with a forged cookie, 403 to a foreign Origin, 400 without a file', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'a.png', 'image/png', { cookie: '' })).status).toBe(401);
    const forged = (await signedIn()).replace(/\.[^.]+$/, '.AAAA');
    expect((await upload(png, 'a.png', 'image/png', { cookie: forged })).status).toBe(401);
    expect((await upload(png, 'a.png', 'image/png', { origin: 'https://evil.example' })).status).toBe(403);
    const form = new FormData();
    form.append('other', 'x');
    const res = await fetch(`${baseUrl}/api/uploads`, {
      method: 'POST',
      body: form,
      headers: { cookie: await signedIn() },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Choose a photo to upload (the field "file").');
  });

  it('answers 404 for a key that is not stored or not a key', async () => {
    expect((await fetch(`${baseUrl}/media/${'0'.repeat(32)}-320.webp`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});

describe('clean-up of unused uploads', () => {
  it('deletes an upload no listing used in time, files included, and keeps one a listing names', async () => {
    const unused = await upload(await jpegWithGps(900, 600), 'a.jpg', 'image/jpeg');
    const used = await upload(await jpegWithGps(700, 500), 'b.jpg', 'image/jpeg');
    const listed: ProductListedEvent = {
      productId: randomUUID(),
      sellerId: randomUUID(),
      title: 'Two photos',
      price: '10.00',
      images: [`https://shop.example${used.body.url as string}`, 'https://elsewhere.example/pasted.jpg'],
      occurredAt: new Date().toISOString(),
    };
    const nc = await connect({ servers: infra.natsUrl });
    await jetstream(nc).publish(EVENTS.catalog.productListed, JSON.stringify(listed), { msgID: randomUUID() });
    await nc.close();
    await eventually(async () =>
      expect(
        (await db.query('SELECT used_at FROM media.uploads WHERE id = $1', [used.body.id])).rows[0].used_at,
      ).not.toBeNull(),
    );
    await db.query(`UPDATE media.uploads SET created_at = now() - interval '25 hours' WHERE id = ANY($1)`, [
      [unused.body.id, used.body.id],
    ]);

    await app.get(UploadsService).deleteUnused();

    const rows = (await db.query('SELECT id FROM media.uploads WHERE id = ANY($1)', [[unused.body.id, used.body.id]]))
      .rows;
    expect(rows).toEqual([{ id: used.body.id }]);
    for (const { url } of unused.body.sizes as { url: string }[])
      expect((await fetch(`${baseUrl}${url}`)).status).toBe(404);
    for (const { url } of used.body.sizes as { url: string }[])
      expect((await fetch(`${baseUrl}${url}`)).status).toBe(200);
  });

  it("keeps the photos a claim names (payments' order changed that opens it), absolute or as uploaded", async () => {
    const [first, second] = [
      await upload(await jpegWithGps(640, 480), 'c.jpg', 'image/jpeg'),
      await upload(await jpegWithGps(660, 440), 'd.jpg', 'image/jpeg'),
    ];
    const claimOpened: OrderChangedEvent = {
      orderId: randomUUID(),
      productId: randomUUID(),
      sellerId: randomUUID(),
      buyerUserId: randomUUID(),
      from: 'shipped',
      to: 'disputed',
      actor: 'buyer',
      reason: 'Claim opened: broken',
      photos: [`http://localhost:3000${first.body.url as string}`, second.body.url as string],
      occurredAt: new Date().toISOString(),
    };
    const nc = await connect({ servers: infra.natsUrl });
    await jetstream(nc).publish(EVENTS.payments.orderChanged, JSON.stringify(claimOpened), { msgID: randomUUID() });
    await nc.close();
    await eventually(async () => {
      const rows = await db.query('SELECT used_at FROM media.uploads WHERE id = ANY($1)', [
        [first.body.id, second.body.id],
      ]);
      expect(rows.rows.map((row) => row.used_at === null)).toEqual([false, false]);
    });
  });
});
