// Live streams: how many open `GET /api/stream` one gateway replica holds with the rest of the product
// running, its memory per stream, and how long a message takes from `POST /api/messages` returning to its event
// arriving in the other person's open streams, at a steady message rate spread over those streams; then the same
// over two gateway replicas (each person's tabs split between them, the messages sent through either).
//
// The load generator is raw node:http with one socket per stream (as one browser tab holds one) and a line parser
// that only looks at `data:` lines naming a message.sent event, so it stays light next to the product on the same
// cores. It holds one socket per stream: 10,000 streams need an open-file limit above 10,000 for this process and
// for the gateway (`ulimit -n`; checked below).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { percentiles } from './stats.mjs';
import { sampleProcesses } from './procstat.mjs';
import { login } from './http.mjs';
import { BENCH_PASSWORD } from './seed.mjs';
import { ROOT, stopChild } from './infra.mjs';
import { stageSnapshot, stagesSince } from './stages.mjs';

/** Streams opened at once while connecting (each open asks notifications for the events after its id). */
const OPEN_CONCURRENCY = 100;
/** A message not seen in a recipient's tab this long after its POST returned counts as lost. */
const LOST_AFTER_MS = 10_000;
const OPEN_TIMEOUT_MS = 30_000;
/** How long an event read before its POST's answer waits for that answer. */
const EARLY_KEPT_MS = 180_000;
const MESSAGE_ID = /"messageId":"([0-9a-f-]{36})"/;

const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return null;
  }
};

function openFileLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3]);
}

/**
 * Opens one stream like a browser tab. Resolves once its first event (`ready`) arrived; `onMessage(id, at)` is
 * called for every message.sent event. The socket is its own (no agent pooling).
 */
function openStream(port, cookie, onMessage) {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/stream',
      headers: { cookie, accept: 'text/event-stream' },
      agent: false,
    });
    const stream = { ended: false, close: () => req.destroy() };
    // A stream that has not started after OPEN_TIMEOUT_MS counts as failed (one hung open stalled a whole run).
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no first event after ${OPEN_TIMEOUT_MS / 1000} s`));
    }, OPEN_TIMEOUT_MS);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`stream answered ${res.statusCode}`));
      }
      res.setEncoding('utf8');
      let buffer = '';
      let ready = false;
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (!ready && line.startsWith('event: ')) {
            ready = true;
            clearTimeout(timer);
            resolve(stream);
          } else if (line.startsWith('data: ') && line.includes('"message.sent"')) {
            const id = MESSAGE_ID.exec(line)?.[1];
            if (id) onMessage(id, performance.now());
          }
        }
      });
      res.on('close', () => {
        stream.ended = true;
        if (!ready) reject(new Error('stream ended before its first event'));
      });
    });
    req.on('error', (error) => {
      stream.ended = true;
      reject(error);
    });
    req.end();
  });
}

/** Conversations between people of the seed, and the people of the first ones: both sides of each pair sign in. */
async function livePeople(base, db, count) {
  const threads = await db(
    `SELECT DISTINCT ON (least(from_user_id, to_user_id), greatest(from_user_id, to_user_id), product_id)
            from_user_id AS a, to_user_id AS b, product_id AS p
       FROM messaging.messages
      ORDER BY least(from_user_id, to_user_id), greatest(from_user_id, to_user_id), product_id
      LIMIT 50000`,
  );
  const chosen = new Set();
  for (const t of threads) {
    if (chosen.size >= count) break;
    chosen.add(t.a);
    chosen.add(t.b);
  }
  const pairs = threads.filter((t) => chosen.has(t.a) && chosen.has(t.b));
  const names = await db(`SELECT id, username FROM identity.users WHERE id = ANY($1::uuid[])`, [[...chosen]]);
  const people = new Map();
  const t0 = Date.now();
  for (let i = 0; i < names.length; i += 8)
    await Promise.all(
      names.slice(i, i + 8).map(async (u) => {
        // Two thousand argon2 verifications on a busy machine: a sign-in that timed out (503) is tried again.
        let cookie;
        for (let attempt = 1; !cookie; attempt++)
          try {
            ({ cookie } = await login(base, u.username, BENCH_PASSWORD));
          } catch (error) {
            if (attempt >= 5) throw error;
            await new Promise((r) => setTimeout(r, 1000 * attempt));
          }
        people.set(u.id, { id: u.id, cookie, tabs: [] });
      }),
    );
  return { people, pairs, loginSeconds: (Date.now() - t0) / 1000 };
}

/** Opens `streams` streams, tab after tab of each person in turn, on the replicas' ports (tab k on replica k % n). */
async function openAll({ people, streams, ports, onMessage }) {
  const list = [...people.values()];
  const jobs = [];
  for (let k = 0; jobs.length < streams; k++)
    for (const person of list) {
      if (jobs.length >= streams) break;
      jobs.push({ person, port: ports[k % ports.length] });
    }
  const t0 = Date.now();
  let failed = 0;
  let firstError;
  for (let i = 0; i < jobs.length; i += OPEN_CONCURRENCY)
    await Promise.all(
      jobs.slice(i, i + OPEN_CONCURRENCY).map(async ({ person, port }) => {
        try {
          person.tabs.push(await openStream(port, person.cookie, (id, at) => onMessage(person, id, at)));
        } catch (error) {
          failed++;
          firstError ??= error.message;
        }
      }),
    );
  return { opened: jobs.length - failed, failed, firstError, seconds: (Date.now() - t0) / 1000 };
}

function closeAll(people) {
  for (const person of people.values()) {
    for (const tab of person.tabs) tab.close();
    person.tabs = [];
  }
}

/** A POST client on its own keep-alive pool that answers the created message's id (no compression asked). */
async function postClient(base) {
  const { Pool } = await import('undici');
  const pool = new Pool(base, {
    connections: 64,
    keepAliveTimeout: 30_000,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  return {
    async send(cookie, body) {
      const res = await pool.request({
        path: '/api/messages',
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify(body),
      });
      const text = await res.body.text();
      return { status: res.statusCode, id: res.statusCode === 201 ? JSON.parse(text).id : undefined, text };
    },
    close: () => pool.close(),
  };
}

/**
 * Matches the events the streams read to the messages sent: for every open tab of a message's recipient, the time
 * from the POST's answer to the event's arrival (an event can arrive before the answer: counted as 0 and reported).
 */
function deliveryMatcher() {
  const waiting = new Map(); // messageId -> { to, returnedAt, tabs, seen }
  const early = new Map(); // messageId -> arrivals read before the POST answered
  const m = { latencies: [], arrivedBeforeAnswer: 0, lost: 0, duplicates: 0, measuring: false };
  const count = (entry, at) => {
    entry.seen++;
    if (!entry.measured) return;
    if (entry.seen > entry.tabs) m.duplicates++;
    m.latencies.push(Math.max(0, at - entry.returnedAt));
    if (at < entry.returnedAt) m.arrivedBeforeAnswer++;
  };
  m.arrival = (person, id, at) => {
    const entry = waiting.get(id);
    if (entry) {
      if (person.id === entry.to) count(entry, at); // the sender's own tabs are told too; only the recipient's count
      return;
    }
    const list = early.get(id) ?? [];
    list.push({ personId: person.id, at });
    early.set(id, list);
    // A message whose POST failed never claims its early arrivals: drop them once no answer can still come (an
    // overloaded run queues POSTs in the client's pool for far longer than LOST_AFTER_MS).
    if (list.length === 1) setTimeout(() => early.delete(id), EARLY_KEPT_MS).unref();
  };
  m.sent = (id, to, returnedAt, tabs, measured) => {
    const entry = { to, returnedAt, tabs, seen: 0, measured };
    waiting.set(id, entry);
    for (const e of early.get(id) ?? []) if (e.personId === to) count(entry, e.at);
    early.delete(id);
    setTimeout(() => {
      if (entry.measured && entry.seen < entry.tabs) m.lost += entry.tabs - entry.seen;
      waiting.delete(id);
    }, LOST_AFTER_MS).unref();
  };
  return m;
}

/**
 * Sends `rate` messages a second for `seconds` (open loop, evenly spaced), each between the two people of a random
 * conversation in a random direction, through the replicas in turn.
 */
async function sendMessages({ clients, pairs, people, rate, seconds, matcher, isMeasured }) {
  let sent = 0;
  let failed = 0;
  let firstFailure;
  const postLatencies = [];
  const interval = 1000 / rate;
  const started = performance.now();
  const pending = new Set();
  let n = 0;
  await new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(Math.floor((now - started) / interval) + 1, Math.floor(seconds * rate));
      while (n < due) {
        const pair = pairs[Math.floor(Math.random() * pairs.length)];
        const [from, to] = Math.random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
        const measured = isMeasured();
        const t = performance.now();
        const p = clients[n % clients.length]
          .send(people.get(from).cookie, { toUserId: to, productId: pair.p, content: `Live bench message ${n}` })
          .then((res) => {
            const returnedAt = performance.now();
            if (measured) postLatencies.push(returnedAt - t);
            if (res.status !== 201 || !res.id) {
              failed++;
              firstFailure ??= `${res.status} ${res.text.slice(0, 200)}`;
              return;
            }
            if (measured) sent++;
            const tabs = people.get(to).tabs.filter((tab) => !tab.ended).length;
            matcher.sent(res.id, to, returnedAt, tabs, measured);
          })
          .catch((error) => {
            failed++;
            firstFailure ??= error.message;
          })
          .finally(() => pending.delete(p));
        pending.add(p);
        n++;
      }
      if (n >= Math.floor(seconds * rate)) return done();
      setTimeout(tick, Math.max(1, interval / 2));
    };
    tick();
  });
  await Promise.all(pending);
  // Late arrivals still count, and a message not seen by then in a recipient's tab counts as lost.
  await new Promise((r) => setTimeout(r, LOST_AFTER_MS + 500));
  return { offered: n, sent, failed, firstFailure: firstFailure ?? null, post: percentiles(postLatencies) };
}

/** One more gateway process on `port` with the stack's environment (the bench's second replica). */
async function startGatewayReplica({ env, port, metricsPort, log, children }) {
  const child = spawn(process.execPath, [path.join(ROOT, 'gateway', 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      WEB_DIST: path.join(ROOT, 'web', 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.name = 'gateway#2';
  child.stdout.on('data', (d) => log(child.name, d));
  child.stderr.on('data', (d) => log(child.name, d));
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway#2 exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('gateway#2 not ready');
}

const settle = (ms) => new Promise((r) => setTimeout(r, ms));
const WARM_UP_SECONDS = 5;

/** One configuration (one or two replicas): open the streams, weigh them, send the messages, close them. */
async function runPhase({ label, gateways, people, pairs, streams, rate, seconds, children, metricsUrls }) {
  const rssBefore = gateways.map((g) => rssMb(g.pid));
  const matcher = deliveryMatcher();
  const opening = await openAll({ people, streams, ports: gateways.map((g) => g.port), onMessage: matcher.arrival });
  await settle(5000);
  const rssAfter = gateways.map((g) => rssMb(g.pid));
  const sum = (list) => list.reduce((a, b) => a + (b ?? 0), 0);
  const kbPerStream = opening.opened ? Math.round(((sum(rssAfter) - sum(rssBefore)) * 1024) / opening.opened) : null;
  const fmtRss = (list) => list.map((m) => m?.toFixed(0)).join(' + ');
  console.log(
    `   ${label}: ${opening.opened} streams open in ${opening.seconds.toFixed(1)} s (${opening.failed} refused or failed${opening.firstError ? `: ${opening.firstError}` : ''}); ` +
      `gateway RSS ${fmtRss(rssBefore)} → ${fmtRss(rssAfter)} MB: ${kbPerStream} KB per stream`,
  );
  const clients = await Promise.all(gateways.map((g) => postClient(`http://127.0.0.1:${g.port}`)));
  let sampler = null;
  let stagesBefore = null;
  // The first seconds are not counted (JIT, pools, each person's first events).
  const warm = setTimeout(() => {
    matcher.measuring = true;
    sampler = sampleProcesses(children);
    stagesBefore = stageSnapshot(metricsUrls);
  }, WARM_UP_SECONDS * 1000);
  const loadAtStart = os.loadavg();
  const figures = await sendMessages({
    clients,
    pairs,
    people,
    rate,
    seconds: WARM_UP_SECONDS + seconds,
    matcher,
    isMeasured: () => matcher.measuring,
  });
  clearTimeout(warm);
  const processes = sampler?.stop() ?? [];
  const stages = stagesBefore ? await stagesSince(await stagesBefore, metricsUrls) : [];
  const loadAtEnd = os.loadavg();
  for (const c of clients) await c.close();
  const stillOpen = [...people.values()].reduce((a, p) => a + p.tabs.filter((t) => !t.ended).length, 0);
  closeAll(people);
  await settle(3000);
  const round = (list) => list.map((l) => Math.round(l * 100) / 100);
  const phase = {
    label,
    replicas: gateways.length,
    streams: opening.opened,
    openFailed: opening.failed,
    openError: opening.firstError ?? null,
    openSeconds: opening.seconds,
    stillOpenAtEnd: stillOpen,
    gatewayRssMbBefore: rssBefore,
    gatewayRssMbAfter: rssAfter,
    kbPerStream,
    loadAvgAtStart: round(loadAtStart),
    loadAvgAtEnd: round(loadAtEnd),
    ...figures,
    achievedRps: Math.round((figures.sent / seconds) * 10) / 10,
    delivery: percentiles(matcher.latencies),
    arrivedBeforeAnswer: matcher.arrivedBeforeAnswer,
    lost: matcher.lost,
    duplicates: matcher.duplicates,
    processes,
    stages,
  };
  const d = phase.delivery;
  console.log(
    `   ${label}: ${figures.sent} messages in ${seconds} s measured (after ${WARM_UP_SECONDS} s of warm-up) = ${phase.achievedRps}/s, failed ${figures.failed}${figures.firstFailure ? ` (${figures.firstFailure})` : ''}; ` +
      `POST p50 ${figures.post.p50} p95 ${figures.post.p95} ms; POST answered → event in the recipient's streams: p50 ${d.p50} p95 ${d.p95} p99 ${d.p99} max ${d.max} ms ` +
      `over ${d.samples} deliveries (${phase.arrivedBeforeAnswer} before the answer), lost ${phase.lost}, duplicates ${phase.duplicates}; ` +
      `${stillOpen} of ${opening.opened} streams still open at the end; load ${phase.loadAvgAtStart.join(' ')} → ${phase.loadAvgAtEnd.join(' ')}`,
  );
  for (const p of processes)
    if (p.cpuPercent !== null)
      console.log(`     ${p.process.padEnd(38)} cpu ${p.cpuPercent} %  rss avg ${p.rssMbAvg ?? '-'} MB`);
  console.log(`   ${label}: where the time went (mean over the measured window, from each process's histograms):`);
  for (const st of stages.slice(0, 20))
    console.log(`     ${`${st.process} ${st.series}`.padEnd(100)} ${String(st.meanMs).padStart(8)} ms × ${st.count}`);
  return phase;
}

export async function liveCapacity({
  base,
  ctx,
  stack,
  log,
  children,
  freePort,
  streams,
  people: peopleCount,
  rate,
  seconds,
  metricsUrls,
}) {
  const limit = openFileLimit();
  if (limit < streams + 500)
    console.warn(
      `bench: live: the open-file limit is ${limit}; ${streams} streams need about ${streams + 500} (ulimit -n): expect failed opens`,
    );
  const t0 = Date.now();
  const { people, pairs, loginSeconds } = await livePeople(base, ctx.db, peopleCount);
  const tabsEach = Math.ceil(streams / people.size);
  console.log(
    `bench: live streams: ${people.size} people signed in in ${loginSeconds.toFixed(1)} s (${pairs.length} conversations between them), ` +
      `${streams} streams (${tabsEach} tabs each at most), ${rate} messages/s for ${seconds} s per configuration; open-file limit ${limit}`,
  );
  const gateway = children.find((c) => c.name === 'gateway');
  const port = Number(new URL(base).port);
  const result = { people: people.size, pairs: pairs.length, loginSeconds, tabsEach, openFileLimit: limit, phases: [] };
  const common = { people, pairs, streams, rate, seconds, children, metricsUrls };
  result.phases.push(await runPhase({ ...common, label: '1 replica', gateways: [{ pid: gateway.pid, port }] }));
  const port2 = await freePort();
  const metricsPort2 = await freePort();
  const second = await startGatewayReplica({ env: stack.env, port: port2, metricsPort: metricsPort2, log, children });
  try {
    await settle(2000);
    result.phases.push(
      await runPhase({
        ...common,
        label: '2 replicas',
        metricsUrls: { ...metricsUrls, 'gateway#2': `http://127.0.0.1:${metricsPort2}/metrics` },
        gateways: [
          { pid: gateway.pid, port },
          { pid: second.pid, port: port2 },
        ],
      }),
    );
  } finally {
    await stopChild(second);
    children.splice(children.indexOf(second), 1);
  }
  result.seconds = (Date.now() - t0) / 1000;
  return result;
}
