// "Download my data" of a heavy account: 10,000 messages and 500 listings added to one seeded seller, then one
// export through the gateway (POST, wait for ready, download the zip), with every process sampled meanwhile.
import pg from 'pg';
import { sampleProcesses } from './procstat.mjs';

const MESSAGES = 10_000;
const LISTINGS = 500;

async function heavyAccount(dbUrl, userId) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const {
      rows: [partner],
    } = await db.query(`SELECT id FROM identity.users WHERE id <> $1 ORDER BY id LIMIT 1`, [userId]);
    // Long-ish messages both ways, over 100 products, a millisecond apart (the export's keyset order).
    await db.query(
      `INSERT INTO messaging.messages (from_user_id, to_user_id, product_id, content, created_at, is_read)
       SELECT CASE WHEN i % 2 = 0 THEN $1::uuid ELSE $2::uuid END, CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $1::uuid END,
              ('00000000-0000-4000-8000-' || lpad((i % 100)::text, 12, '0'))::uuid,
              'Message ' || i || ': ' || repeat('Is the tea bowl still available, and could you ship it wrapped? ', 4),
              now() - (i || ' milliseconds')::interval, true
         FROM generate_series(1, $3::int) AS i`,
      [userId, partner.id, MESSAGES],
    );
    await db.query(
      `INSERT INTO catalog.products (seller_id, title, description, price, condition, category, country, images)
       SELECT $1, 'Export bench listing ' || i, 'A hand-made souvenir, carefully wrapped, from a small workshop.',
              10 + i % 90, 'new', 'Art & Crafts', 'Japan', ARRAY['https://example.com/bench/' || i || '.jpg']
         FROM generate_series(1, $2::int) AS i`,
      [userId, LISTINGS],
    );
  } finally {
    await db.end();
  }
}

export async function exportBench({ base, dbUrl, session, children }) {
  await heavyAccount(dbUrl, session.me.id);
  const headers = { cookie: session.cookie, origin: base };
  // Each process's resident size at rest, for comparison with its peak during the export.
  const idle = sampleProcesses(children);
  await new Promise((r) => setTimeout(r, 2500));
  const before = idle.stop();
  const sampler = sampleProcesses(children);
  const started = Date.now();
  const requested = await fetch(`${base}/api/me/export`, { method: 'POST', headers });
  if (requested.status !== 202) throw new Error(`POST /api/me/export answered ${requested.status}`);
  const { id } = await requested.json();
  let status = 'pending';
  while (status === 'pending') {
    await new Promise((r) => setTimeout(r, 250));
    status = (await (await fetch(`${base}/api/me/export`, { headers })).json()).export?.status;
    if (Date.now() - started > 600_000) throw new Error('the export was not ready within 10 minutes');
  }
  if (status !== 'ready') throw new Error(`the export ended ${status}`);
  const readySeconds = (Date.now() - started) / 1000;
  const download = await fetch(`${base}/api/me/export/${id}`, { headers });
  let bytes = 0;
  for await (const chunk of download.body) bytes += chunk.length;
  const totalSeconds = (Date.now() - started) / 1000;
  const processes = sampler.stop();
  const peak = (name) => processes.find((p) => p.process === name)?.rssMbPeak ?? null;
  const atRest = (name) => before.find((p) => p.process === name)?.rssMbPeak ?? null;
  return {
    messages: MESSAGES,
    listings: LISTINGS,
    readySeconds,
    totalSeconds,
    downloadStatus: download.status,
    archiveBytes: bytes,
    identityRssMbPeak: peak('identity'),
    mediaRssMbPeak: peak('media'),
    gatewayRssMbPeak: peak('gateway'),
    identityRssMbBefore: atRest('identity'),
    mediaRssMbBefore: atRest('media'),
    gatewayRssMbBefore: atRest('gateway'),
    processes,
  };
}
