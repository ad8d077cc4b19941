// Messaging under polling: N simulated open Messages pages, each polling the conversation list every 3 s and its
// open thread every 5 s (the web app's polling), stepped up until p95 ≥ 100 ms; then again with a second
// messaging replica (same env, its own health port; NATS's queue group splits the requests).
import { percentiles } from './stats.mjs';
import { sampleProcesses } from './procstat.mjs';
import { startReplica, stopChild } from './infra.mjs';

const LIMIT_P95 = 100;

async function step({ base, clients, seconds, targets, messagingProcs }) {
  const latencies = [];
  let errors = 0; let non2xx = 0;
  const timers = [];
  const pending = new Set();
  const hit = (path, cookie) => {
    const t = process.hrtime.bigint();
    const p = fetch(base + path, { headers: { accept: 'application/json', cookie }, signal: AbortSignal.timeout(10_000) })
      .then(async (res) => { await res.arrayBuffer(); if (res.status >= 300) non2xx++; }, () => { errors++; })
      .finally(() => { latencies.push(Number(process.hrtime.bigint() - t) / 1e6); pending.delete(p); });
    pending.add(p);
  };
  const sampler = sampleProcesses(messagingProcs);
  for (let i = 0; i < clients; i++) {
    const target = targets[i % targets.length];
    timers.push(setTimeout(() => { hit('/api/messages/conversations', target.cookie); timers.push(setInterval(() => hit('/api/messages/conversations', target.cookie), 3000)); }, Math.random() * 3000));
    timers.push(setTimeout(() => { hit(target.thread, target.cookie); timers.push(setInterval(() => hit(target.thread, target.cookie), 5000)); }, Math.random() * 5000));
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

export async function pollingCapacity({ base, ctx, sessions, steps, seconds, stack, log, portOffset, children }) {
  // Each session's own latest thread.
  const targets = [];
  for (const s of sessions) {
    const [t] = await ctx.db(`SELECT CASE WHEN from_user_id = $1 THEN to_user_id ELSE from_user_id END AS other, product_id
                                FROM messaging.messages WHERE from_user_id = $1 OR to_user_id = $1 ORDER BY created_at DESC LIMIT 1`, [s.me.id]);
    if (t) targets.push({ cookie: s.cookie, thread: `/api/messages/${t.other}?productId=${t.product_id}` });
  }
  const procs = () => children.filter((c) => c.name === 'gateway' || c.name.startsWith('messaging') || /nats|redis/.test(c.name));
  const result = { steps: [], maxHeld: {}, sessions: targets.length };
  const run = async (replicas, from) => {
    for (const clients of steps.filter((n) => n >= from)) {
      const r = await step({ base, clients, seconds, targets, messagingProcs: procs() });
      r.replicas = replicas;
      result.steps.push(r);
      console.log(`   ${replicas} replica(s), ${String(clients).padStart(5)} clients: ${r.rps} req/s p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, errors ${r.errors + r.non2xx}, messaging CPU ${r.messagingCpu.toFixed(0)} %, ` +
        `gateway CPU ${r.processes.find((p) => p.process === 'gateway')?.cpuPercent ?? '?'} % → ${r.held ? 'held' : 'NOT held'}`);
      if (r.held) result.maxHeld[replicas] = clients;
      else break;
      await new Promise((res) => setTimeout(res, 2000));
    }
  };
  console.log(`bench: messaging polling (${seconds} s per step, ${targets.length} signed-in sessions shared by the clients)`);
  await run(1, 0);
  const replica = await startReplica({ env: stack.env, name: 'messaging', healthPort: 4100 + portOffset, log, children });
  try {
    await new Promise((res) => setTimeout(res, 2000));
    await run(2, result.maxHeld[1] ?? 0);
  } finally {
    await stopChild(replica);
    children.splice(children.indexOf(replica), 1);
  }
  return result;
}
