// Messaging under polling: N simulated open Messages pages, each polling the conversation list every 3 s and its
// open thread every 5 s (the web app's polling), stepped up until p95 ≥ 100 ms; then again with a second
// messaging replica (same env, its own health port; NATS's queue group splits the requests).
// Two transports: through the gateway (what a browser gets, end to end), and straight to messaging over NATS the
// way the gateway asks it (what one messaging replica holds by itself, without the gateway's and the HTTP
// client's CPU on the same two cores).
import { connect } from '@nats-io/transport-node';
import { percentiles } from './stats.mjs';
import { sampleProcesses } from './procstat.mjs';
import { startReplica, stopChild } from './infra.mjs';
import { openLoopClient } from './http.mjs';

const LIMIT_P95 = 100;

/** The two polled requests of one open Messages page, as HTTP through the gateway. */
async function gatewayTransport(base) {
  const client = await openLoopClient(base, { connections: 512 });
  const get = (path, cookie) => client.send({ path, cookie }).then((res) => res.status < 300);
  return {
    name: 'gateway',
    conversations: (t) => get('/api/messages/conversations', t.cookie),
    thread: (t) => get(t.threadPath, t.cookie),
    close: () => client.close(),
  };
}

/** The same two requests sent to messaging over NATS ({ pattern, data, id } in, { err, response } out). */
async function natsTransport(natsUrl) {
  const nc = await connect({ servers: natsUrl, name: 'bench-polling' });
  let n = 0;
  const rpc = (subject, data) => nc.request(subject, JSON.stringify({ pattern: subject, data, id: `poll-${n++}` }), { timeout: 10_000 })
    .then((msg) => !msg.json().err);
  return {
    name: 'nats',
    conversations: (t) => rpc('messaging.conversation.list', { actorId: t.actorId }),
    thread: (t) => rpc('messaging.thread.get', { actorId: t.actorId, otherUserId: t.otherUserId, productId: t.productId }),
    close: () => nc.close(),
  };
}

async function step({ transport, clients, seconds, targets, messagingProcs }) {
  const latencies = [];
  let errors = 0; let non2xx = 0;
  const timers = [];
  const pending = new Set();
  const hit = (send) => {
    const t = process.hrtime.bigint();
    const p = send()
      .then((ok) => { if (!ok) non2xx++; }, () => { errors++; })
      .finally(() => { latencies.push(Number(process.hrtime.bigint() - t) / 1e6); pending.delete(p); });
    pending.add(p);
  };
  const sampler = sampleProcesses(messagingProcs);
  for (let i = 0; i < clients; i++) {
    const target = targets[i % targets.length];
    const list = () => hit(() => transport.conversations(target));
    const thread = () => hit(() => transport.thread(target));
    timers.push(setTimeout(() => { list(); timers.push(setInterval(list, 3000)); }, Math.random() * 3000));
    timers.push(setTimeout(() => { thread(); timers.push(setInterval(thread, 5000)); }, Math.random() * 5000));
  }
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const t of timers) { clearTimeout(t); clearInterval(t); }
  await Promise.all(pending);
  const procs = sampler.stop();
  const stats = percentiles(latencies);
  return {
    clients, ...stats, rps: Math.round(latencies.length / seconds), errors, non2xx,
    messagingCpu: procs.filter((p) => p.process.startsWith('messaging')).reduce((a, p) => a + (p.cpuPercent ?? 0), 0),
    processes: procs,
    held: errors === 0 && non2xx === 0 && stats.p95 !== null && stats.p95 < LIMIT_P95,
  };
}

export async function pollingCapacity({ base, natsUrl, ctx, sessions, steps, seconds, stack, log, portOffset, children }) {
  // Each session's own latest thread.
  const targets = [];
  for (const s of sessions) {
    const [t] = await ctx.db(`SELECT CASE WHEN from_user_id = $1 THEN to_user_id ELSE from_user_id END AS other, product_id
                                FROM messaging.messages WHERE from_user_id = $1 OR to_user_id = $1 ORDER BY created_at DESC LIMIT 1`, [s.me.id]);
    if (t) targets.push({ cookie: s.cookie, actorId: s.me.id, otherUserId: t.other, productId: t.product_id, threadPath: `/api/messages/${t.other}?productId=${t.product_id}` });
  }
  const procs = () => children.filter((c) => c.name === 'gateway' || c.name.startsWith('messaging') || /nats|redis/.test(c.name));
  const result = { steps: [], maxHeld: {}, sessions: targets.length };
  const run = async (transport, replicas, from) => {
    const key = `${transport.name}:${replicas}`;
    for (const clients of steps.filter((n) => n >= from)) {
      const r = await step({ transport, clients, seconds, targets, messagingProcs: procs() });
      r.replicas = replicas;
      r.transport = transport.name;
      result.steps.push(r);
      console.log(`   ${transport.name.padEnd(7)} ${replicas} replica(s), ${String(clients).padStart(5)} clients: ${r.rps} req/s p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, errors ${r.errors + r.non2xx}, messaging CPU ${r.messagingCpu.toFixed(0)} %, ` +
        `gateway CPU ${r.processes.find((p) => p.process === 'gateway')?.cpuPercent ?? '?'} % → ${r.held ? 'held' : 'NOT held'}`);
      if (r.held) result.maxHeld[key] = clients;
      else break;
      await new Promise((res) => setTimeout(res, 2000));
    }
  };
  console.log(`bench: messaging polling (${seconds} s per step, ${targets.length} signed-in sessions shared by the clients)`);
  const gateway = await gatewayTransport(base);
  const nats = await natsTransport(natsUrl);
  try {
    await run(gateway, 1, 0);
    await run(nats, 1, 0);
    const replica = await startReplica({ env: stack.env, name: 'messaging', healthPort: 4100 + portOffset, log, children });
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
