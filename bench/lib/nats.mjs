// NATS request/reply round trip with an empty handler: the transport's own cost, the floor of every gateway hop.
import { connect } from '@nats-io/transport-node';
import { percentiles } from './stats.mjs';

export async function natsBaseline(natsUrl, { seconds = 3, concurrency = 16 } = {}) {
  const server = await connect({ servers: natsUrl, name: 'bench-responder' });
  const client = await connect({ servers: natsUrl, name: 'bench-requester' });
  const payload = new TextEncoder().encode(
    JSON.stringify({ pattern: 'bench.echo', data: { query: { limit: 24 } }, id: 'x' }),
  );
  const sub = server.subscribe('bench.echo', { queue: 'bench', callback: (_err, msg) => msg.respond(msg.data) });
  await server.flush();
  const run = async (workers, secs) => {
    const latencies = [];
    const end = Date.now() + secs * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (Date.now() < end) {
          const t = process.hrtime.bigint();
          await client.request('bench.echo', payload, { timeout: 2000 });
          latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        }
      }),
    );
    return { ...percentiles(latencies), rps: Math.round(latencies.length / ((Date.now() - started) / 1000)) };
  };
  await run(1, 0.5); // warm-up
  const sequential = await run(1, seconds);
  const concurrent = await run(concurrency, seconds);
  sub.unsubscribe();
  await client.close();
  await server.close();
  return { sequential, concurrent };
}

/**
 * A service asked directly over NATS the way the gateway's Nest client asks it ({ pattern, data, id } in, { err,
 * response } out), without the gateway: splits the gateway+NATS overhead into "service" and "gateway" parts.
 */
export async function rpcLoad(natsOptions, subject, data, { concurrency, seconds }) {
  const nc = await connect({ ...natsOptions, name: 'bench-rpc' });
  const latencies = [];
  let errors = 0;
  let n = 0;
  const ask = async (s, d) => {
    let reply;
    try {
      reply = (
        await nc.request(s, JSON.stringify({ pattern: s, data: d, id: `bench-${n++}` }), { timeout: 5000 })
      ).json();
    } catch (e) {
      throw new Error(`${s}: ${e.message}`);
    }
    if (reply.err) throw new Error(`${s}: ${JSON.stringify(reply.err).slice(0, 200)}`);
    return reply.response;
  };
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = process.hrtime.bigint();
        try {
          await ask(subject, data);
        } catch (e) {
          errors++;
          if (errors < 3) console.error(`  rpc ${e.message}`);
        }
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  await nc.close();
  return {
    ...percentiles(latencies),
    rps: Math.round((latencies.length / ((Date.now() - started) / 1000)) * 10) / 10,
    requests: latencies.length,
    errors,
  };
}
