// Messaging under polling: N simulated open Messages pages, each polling the conversation list's first page and the
// unread count every 3 s and its open thread every 5 s (the web app's polling), stepped up until p95 ≥ 100 ms; then again with a second
// messaging replica (same env, its own health port; NATS's queue group splits the requests).
// Two transports: through the gateway as a browser polls (each answer's ETag sent back as If-None-Match, so an
// unchanged inbox is answered 304 by the gateway), while the signed-in people keep writing to each other (each
// sends a message every `sendEvery` seconds on average, which changes two inboxes and makes their pages reload);
// and straight to messaging over NATS the way the gateway asks it on a reload (what one messaging replica holds by
// itself when every poll is a full read, without the gateway's and the HTTP client's CPU on the same two cores).
import { readFileSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { percentiles } from './stats.mjs';
import { sampleProcesses } from './procstat.mjs';
import { startReplica, stopChild } from './infra.mjs';
import { login, openLoopClient } from './http.mjs';
import { BENCH_PASSWORD } from './seed.mjs';

const LIMIT_P95 = 100;
/** How many people poll (each signs in through the API: one argon2 verification each); the clients share them. */
const POLLING_PEOPLE = 400;
const NOT_MODIFIED = 'not-modified';

/** The two polled requests of one open Messages page, as a browser sends them through the gateway. */
async function gatewayTransport(base) {
  const client = await openLoopClient(base, { connections: 512 });
  const get = async (page, path, cookie) => {
    const res = await client.send({ path, cookie, ifNoneMatch: page.etags.get(path) });
    if (res.etag) page.etags.set(path, res.etag);
    return res.status === 304 ? NOT_MODIFIED : res.status < 300;
  };
  return {
    name: 'gateway',
    conversations: (page, t) => get(page, '/api/messages/conversations', t.cookie),
    unreadCount: (page, t) => get(page, '/api/messages/unread-count', t.cookie),
    thread: (page, t) => get(page, t.threadPath, t.cookie),
    send: (t, content) =>
      client
        .send({
          path: '/api/messages',
          method: 'POST',
          cookie: t.cookie,
          body: { toUserId: t.otherUserId, productId: t.productId, content },
        })
        .then((res) => res.status === 201),
    close: () => client.close(),
  };
}

/** The same two requests sent to messaging over NATS ({ pattern, data, id } in, { err, response } out): full reads. */
async function natsTransport(natsOptions) {
  const nc = await connect({ ...natsOptions, name: 'bench-polling' });
  let n = 0;
  const rpc = (subject, data) =>
    nc
      .request(subject, JSON.stringify({ pattern: subject, data, id: `poll-${n++}` }), { timeout: 10_000 })
      .then((msg) => !msg.json().err);
  return {
    name: 'nats',
    conversations: (_page, t) => rpc('messaging.conversation.list', { actorId: t.actorId, limit: 24 }),
    unreadCount: (_page, t) => rpc('messaging.message.unread-count', { actorId: t.actorId }),
    thread: (_page, t) =>
      rpc('messaging.thread.get', { actorId: t.actorId, otherUserId: t.otherUserId, productId: t.productId }),
    close: () => nc.close(),
  };
}

/**
 * One step: the N pages open one after another, PAGES_OPENED_PER_S a second (people do not all open Messages in the
 * same second, and each page's first loads are full reads), then every page polls for `seconds`, which are measured.
 * The ramp-up's own figures are reported apart.
 */
const PAGES_OPENED_PER_S = 100;

async function step({ transport, clients, seconds, targets, sendEvery, messagingProcs }) {
  const measured = { latencies: [], errors: 0, non2xx: 0, notModified: 0 };
  const rampUp = { latencies: [], errors: 0, non2xx: 0, notModified: 0 };
  let phase = rampUp;
  const sends = { latencies: [], failed: 0 };
  const timers = [];
  const pending = new Set();
  let stopped = false;
  const rampUpMs = (clients / PAGES_OPENED_PER_S) * 1000;
  const hit = (send) => {
    const into = phase;
    const t = process.hrtime.bigint();
    const p = send()
      .then(
        (ok) => {
          if (ok === NOT_MODIFIED) into.notModified++;
          else if (!ok) into.non2xx++;
        },
        () => {
          into.errors++;
        },
      )
      .finally(() => {
        into.latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        pending.delete(p);
      });
    pending.add(p);
    return p;
  };
  // Like RTK Query's pollingInterval: a page asks again `everyMs` after the previous answer, so a slow answer
  // delays its next poll instead of piling a second request on top of it (a server that cannot keep up shows as
  // fewer requests per second than offered, and as latency).
  const poll = (send, everyMs) => {
    const again = () => {
      if (!stopped) timers.push(setTimeout(() => hit(send).finally(again), everyMs));
    };
    hit(send).finally(again);
  };
  for (let i = 0; i < clients; i++) {
    const target = targets[i % targets.length];
    const page = { etags: new Map() };
    const opensAt = Math.random() * rampUpMs;
    timers.push(
      setTimeout(() => {
        poll(() => transport.conversations(page, target), 3000);
        // The header badge polls with the list on the Messages page (the list is paged: its counts are not the total).
        timers.push(setTimeout(() => poll(() => transport.unreadCount(page, target), 3000), Math.random() * 3000));
        timers.push(setTimeout(() => poll(() => transport.thread(page, target), 5000), Math.random() * 5000));
      }, opensAt),
    );
  }
  // The people write to each other meanwhile (Poisson arrivals, `sendEvery` s apart on average per person).
  if (transport.send && sendEvery > 0) {
    const people = targets.slice(0, Math.min(targets.length, clients));
    const writeSoon = (target) =>
      timers.push(
        setTimeout(
          () => {
            if (stopped) return;
            const t = process.hrtime.bigint();
            const p = transport
              .send(target, `Bench message ${Date.now()}`)
              .then(
                (ok) => {
                  if (!ok) sends.failed++;
                },
                () => {
                  sends.failed++;
                },
              )
              .finally(() => {
                sends.latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
                pending.delete(p);
              });
            pending.add(p);
            writeSoon(target);
          },
          -Math.log(1 - Math.random()) * sendEvery * 1000,
        ),
      );
    for (const target of people) writeSoon(target);
  }
  // Measured from when every page has opened and asked for its thread once.
  await new Promise((r) => setTimeout(r, rampUpMs + 5000));
  phase = measured;
  const sampler = sampleProcesses(messagingProcs);
  const machineAtStart = machineTicks();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const machineAtEnd = machineTicks();
  stopped = true;
  for (const t of timers) clearTimeout(t);
  await Promise.all(pending);
  const procs = sampler.stop();
  const { latencies, errors, non2xx, notModified } = measured;
  const stats = percentiles(latencies);
  return {
    clients,
    offeredRps: Math.round(clients * (2 / 3 + 1 / 5)),
    ...stats,
    rps: Math.round(latencies.length / seconds),
    errors,
    non2xx,
    notModifiedShare: latencies.length ? notModified / latencies.length : 0,
    rampUp: {
      seconds: rampUpMs / 1000 + 5,
      requests: rampUp.latencies.length,
      errors: rampUp.errors + rampUp.non2xx,
      ...percentiles(rampUp.latencies),
    },
    sends: { count: sends.latencies.length, failed: sends.failed, ...percentiles(sends.latencies) },
    // Every core's busy share (kernel, softirq and every process included): tells a saturated machine from a queue.
    machineBusyPercent:
      Math.round((1 - (machineAtEnd.idle - machineAtStart.idle) / (machineAtEnd.total - machineAtStart.total)) * 1000) /
      10,
    messagingCpu: procs.filter((p) => p.process.startsWith('messaging')).reduce((a, p) => a + (p.cpuPercent ?? 0), 0),
    processes: procs,
    // Held: every answer right and fast, and (since slow answers delay the next poll) nearly the offered rate served.
    held:
      errors === 0 &&
      non2xx === 0 &&
      sends.failed === 0 &&
      stats.p95 !== null &&
      stats.p95 < LIMIT_P95 &&
      latencies.length / seconds >= 0.95 * clients * (1 / 3 + 1 / 5),
  };
}

/** Machine-wide CPU ticks from /proc/stat: idle (idle + iowait) and total. */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  return { idle: ticks[3] + ticks[4], total: ticks.reduce((a, b) => a + b, 0) };
}

/** People with a conversation, signed in through the API, each with their latest thread (what their page has open). */
async function pollingPeople(base, ctx, count) {
  const people = await ctx.db(
    `
    SELECT DISTINCT ON (u.id) u.id, u.username, CASE WHEN m.from_user_id = u.id THEN m.to_user_id ELSE m.from_user_id END AS other, m.product_id
      FROM (SELECT DISTINCT from_user_id AS id FROM messaging.messages LIMIT $1) p
      JOIN identity.users u ON u.id = p.id
      JOIN messaging.messages m ON m.from_user_id = u.id OR m.to_user_id = u.id
     ORDER BY u.id, m.created_at DESC`,
    [count],
  );
  const targets = [];
  for (let i = 0; i < people.length; i += 8) {
    await Promise.all(
      people.slice(i, i + 8).map(async (p) => {
        const { cookie } = await login(base, p.username, BENCH_PASSWORD);
        targets.push({
          cookie,
          actorId: p.id,
          otherUserId: p.other,
          productId: p.product_id,
          threadPath: `/api/messages/${p.other}?productId=${p.product_id}`,
        });
      }),
    );
  }
  return targets;
}

export async function pollingCapacity({
  base,
  natsOptions,
  ctx,
  steps,
  seconds,
  sendEvery,
  stack,
  log,
  portOffset,
  children,
}) {
  const t0 = Date.now();
  const targets = await pollingPeople(base, ctx, POLLING_PEOPLE);
  console.log(
    `bench: messaging polling (pages opened ${PAGES_OPENED_PER_S}/s, then ${seconds} s measured per step; ${targets.length} people signed in in ${((Date.now() - t0) / 1000).toFixed(1)} s, ` +
      `shared by the clients, each writing a message every ${sendEvery} s on average)`,
  );
  const procs = () =>
    children.filter((c) => c.name === 'gateway' || c.name.startsWith('messaging') || /nats|redis/.test(c.name));
  const result = { steps: [], maxHeld: {}, sessions: targets.length, sendEvery };
  const run = async (transport, replicas, from) => {
    const key = `${transport.name}:${replicas}`;
    // Not measured: JIT, pools and the seed's unread messages, which the first open of each thread marks read.
    const warm = await step({ transport, clients: 500, seconds: 5, targets, sendEvery, messagingProcs: procs() });
    console.log(
      `   ${transport.name.padEnd(7)} ${replicas} replica(s), warm-up (500 clients, not counted): p95 ${warm.p95} ms`,
    );
    for (const clients of steps.filter((n) => n >= from)) {
      const r = await step({ transport, clients, seconds, targets, sendEvery, messagingProcs: procs() });
      r.replicas = replicas;
      r.transport = transport.name;
      result.steps.push(r);
      console.log(
        `   ${transport.name.padEnd(7)} ${replicas} replica(s), ${String(clients).padStart(5)} clients: ${r.rps} req/s p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, ` +
          `304 ${(r.notModifiedShare * 100).toFixed(0)} %, errors ${r.errors + r.non2xx}, ` +
          `(ramp-up: p95 ${r.rampUp.p95} ms, errors ${r.rampUp.errors}), ` +
          (r.sends.count ? `sends ${r.sends.count} (p95 ${r.sends.p95} ms, failed ${r.sends.failed}), ` : '') +
          `machine busy ${r.machineBusyPercent} %, messaging CPU ${r.messagingCpu.toFixed(0)} %, gateway CPU ${r.processes.find((p) => p.process === 'gateway')?.cpuPercent ?? '?'} % → ${r.held ? 'held' : 'NOT held'}`,
      );
      if (r.held) result.maxHeld[key] = clients;
      else break;
      await new Promise((res) => setTimeout(res, 2000));
    }
  };
  const gateway = await gatewayTransport(base);
  const nats = await natsTransport(natsOptions);
  try {
    await run(gateway, 1, 0);
    await run(nats, 1, 0);
    const replica = await startReplica({
      env: stack.env,
      natsPasswords: stack.natsPasswords,
      name: 'messaging',
      healthPort: 4100 + portOffset,
      log,
      children,
    });
    try {
      await new Promise((res) => setTimeout(res, 2000));
      await run(gateway, 2, result.maxHeld['gateway:1'] ?? 0);
      await run(nats, 2, result.maxHeld['nats:1'] ?? 0);
    } finally {
      await stopChild(replica);
      children.splice(children.indexOf(replica), 1);
    }
  } finally {
    await nats.close();
    await gateway.close();
  }
  return result;
}
