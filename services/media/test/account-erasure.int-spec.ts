import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serviceSuite, userDeleted } from '@souvenir/testing';
import sharp from 'sharp';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { MediaConfig } from '../src/config/media.config';
import { UploadsService } from '../src/uploads/uploads.service';

/**
 * media's part of an account deletion (identity's user.deleted over real NATS): every upload of the person leaves the
 * table and the disk, unless someone else uploaded the same photo (content-addressed files are shared). Other people's
 * uploads stay; so do their data archives, which the person's
 * go with. A replay deletes nothing more.
 */
const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-erasure-'));

const { infra, app } = serviceSuite(SERVICE_NAME, AppModule, MediaConfig, {
  env: { MEDIA_DIR: mediaDir, SESSION_SECRET: 'a-test-session-secret-of-at-least-32-characters' },
});

afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

const photo = (r: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
const filesOf = async (hash: string) => (await readdir(mediaDir)).filter((f) => f.startsWith(`${hash}-`));
const rowsOf = async (ownerId: string) =>
  (await infra.database.query('SELECT 1 FROM media.uploads WHERE owner_id = $1', [ownerId])).length;
const hashOf = (url: string) => /\/([0-9a-f]{32})-\d+\.webp$/.exec(url)![1];

it("deletes the person's uploads and their files, keeps photos someone else also uploaded, and replays safely", async () => {
  const uploads = app.get(UploadsService);
  const [leaving, staying] = [randomUUID(), randomUUID()];
  const own = await uploads.upload(leaving, await photo(10));
  const avatar = await uploads.upload(leaving, await photo(20));
  const shared = await uploads.upload(leaving, await photo(30));
  await uploads.upload(staying, await photo(30));
  const others = await uploads.upload(staying, await photo(40));
  for (const u of [own, avatar, shared, others]) expect((await filesOf(hashOf(u.url))).length).toBeGreaterThan(0);
  // A data archive of theirs, and one of someone else's.
  const archives = { leaving: randomUUID(), staying: randomUUID() };
  for (const [owner, exportId] of [
    [leaving, archives.leaving],
    [staying, archives.staying],
  ]) {
    await writeFile(path.join(mediaDir, `export-${exportId}.zip`), 'PK');
    await infra.database.query(
      `INSERT INTO media.data_archives (export_id, user_id, bytes, expires_at) VALUES ($1, $2, 2, now() + interval '7 days')`,
      [exportId, owner],
    );
  }

  await userDeleted(infra, 'media', leaving, 'media-erasure-1');

  expect(await rowsOf(leaving)).toBe(0);
  expect(await filesOf(hashOf(own.url))).toEqual([]);
  expect(await filesOf(hashOf(avatar.url))).toEqual([]);
  expect((await filesOf(hashOf(shared.url))).length).toBeGreaterThan(0);
  expect((await filesOf(hashOf(others.url))).length).toBeGreaterThan(0);
  expect(await rowsOf(staying)).toBe(2);
  const archiveRows = await infra.database.query(
    'SELECT export_id FROM media.data_archives WHERE export_id = ANY($1)',
    [[archives.leaving, archives.staying]],
  );
  expect(archiveRows).toEqual([{ export_id: archives.staying }]);
  const zips = (await readdir(mediaDir)).filter((f) => f.startsWith('export-'));
  expect(zips).toEqual([`export-${archives.staying}.zip`]);

  const before = (await readdir(mediaDir)).sort();
  await userDeleted(infra, 'media', leaving, 'media-erasure-2');
  expect((await readdir(mediaDir)).sort()).toEqual(before);
  expect(await rowsOf(staying)).toBe(2);
});
