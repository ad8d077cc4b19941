import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.argv[2], max: 16 });
const U = process.argv[3];
const text = `SELECT m.id, m.from_user_id, m.to_user_id, m.product_id, m.content, m.created_at, m.is_read AS is_read,
  fu.first_name AS from_first_name, fu.last_name AS from_last_name, fu.avatar AS from_avatar,
  tu.first_name AS to_first_name, tu.last_name AS to_last_name, tu.avatar AS to_avatar,
  p.title AS product_title, c.unread_count, (SELECT version FROM messaging.inboxes WHERE user_id = $1) AS inbox_version
FROM messaging.conversations c JOIN messaging.messages m ON m.id = c.last_message_id
  LEFT JOIN messaging.users fu ON fu.id = m.from_user_id
  LEFT JOIN messaging.users tu ON tu.id = m.to_user_id
  LEFT JOIN messaging.products p ON p.id = m.product_id
WHERE c.user_id = $1 ORDER BY c.last_message_at DESC, c.last_message_id DESC`;
import { readFileSync, readdirSync } from 'node:fs';
function pgTicks() { let t = 0; for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { if (readFileSync(`/proc/${d}/comm`,'utf8').trim()==='postgres') { const s = readFileSync(`/proc/${d}/stat`,'utf8'); const f = s.slice(s.lastIndexOf(')')+2).split(' '); t += +f[11] + +f[12]; } } catch {} } return t; }
async function run(label, q, conc, seconds) {
  const end = Date.now() + seconds * 1000; let n = 0; const t0 = pgTicks(); const c0 = process.cpuUsage();
  await Promise.all(Array.from({ length: conc }, async () => { while (Date.now() < end) { await pool.query(q); n++; } }));
  const c1 = process.cpuUsage(c0);
  console.log(label, 'c=' + conc, (n / seconds).toFixed(0), 'q/s; pg ms/q', ((pgTicks() - t0) * 10 / n).toFixed(3), 'node ms/q', ((c1.user + c1.system) / 1000 / n).toFixed(3));
}
for (const conc of [1, 16]) {
  await run('unnamed', { text, values: [U] }, conc, 4);
  await run('named  ', { name: 'conv', text, values: [U] }, conc, 4);
}
await pool.end();
