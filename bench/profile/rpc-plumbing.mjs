// The CPU a service spends per request in the RPC plumbing around a handler: a Nest microservice on
// @souvenir/platform's DrainingNatsServer with one @RpcHandler answering at once (catalog.product.get, its payload
// validated as catalog's is), asked `--requests` times per round, `--concurrency` at a time, over a NATS server of
// this script's own (so no running service answers the subject too). The service runs in a child process and
// reports its own process.cpuUsage() for each round: the requester's CPU is not counted.
//
//   node bench/profile/rpc-plumbing.mjs --roots /work/wt-base,/work/wt-new [--rounds 6] [--requests 10000]
//
// With several roots (worktrees, each with its own npm install and build), the rounds alternate between them
// (A B A B ...) so a loaded machine's drift falls on both alike.
import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const SUBJECT = 'catalog.product.get';

const loadFrom = (root) => {
  const require = createRequire(resolve(root, 'package.json'));
  return (name, path) => import(path ? resolve(dirname(require.resolve(name)), path) : require.resolve(name));
};

async function serve(root, natsUrl) {
  const load = loadFrom(root);
  const { Controller, Module } = await load('@nestjs/common');
  const { NestFactory } = await load('@nestjs/core');
  const { RpcHandler } = await load('@souvenir/platform');
  // Not exported: services get it through the platform's bootstrap.
  const { DrainingNatsServer } = await load('@souvenir/platform', 'rpc/draining-nats-server.js');
  const answer = { id: randomUUID(), title: 'Tasse à thé', price: 12.5, seller: { id: randomUUID(), rating: null } };
  class BenchController {
    async get() {
      return answer;
    }
  }
  const descriptor = Object.getOwnPropertyDescriptor(BenchController.prototype, 'get');
  RpcHandler(SUBJECT)(BenchController.prototype, 'get', descriptor);
  Object.defineProperty(BenchController.prototype, 'get', descriptor);
  Controller()(BenchController);
  class BenchModule {}
  Module({ controllers: [BenchController] })(BenchModule);
  const app = await NestFactory.createMicroservice(BenchModule, {
    strategy: new DrainingNatsServer({ servers: [natsUrl], queue: 'bench' }, 5_000, 16),
    logger: false,
  });
  await app.listen();
  let started;
  process.on('message', async (m) => {
    if (m === 'start') {
      started = process.cpuUsage();
      process.send('started');
    } else if (m === 'stop') {
      const { user, system } = process.cpuUsage(started);
      process.send({ cpuMicros: user + system });
    } else if (m === 'exit') {
      await app.close();
      process.exit(0);
    }
  });
  process.send('ready');
}

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const answerOf = (child, expected) =>
  new Promise((done, fail) => {
    const exited = (code) => fail(new Error(`the service exited (${code}) before answering`));
    const listener = (m) => {
      if (expected === undefined ? typeof m === 'object' : m === expected) {
        child.off('message', listener).off('exit', exited);
        done(m);
      }
    };
    child.on('message', listener).once('exit', exited);
  });

async function main() {
  const { values } = parseArgs({
    options: {
      roots: { type: 'string', default: process.cwd() },
      rounds: { type: 'string', default: '6' },
      requests: { type: 'string', default: '10000' },
      concurrency: { type: 'string', default: '16' },
      nats: { type: 'string' },
    },
  });
  const roots = values.roots.split(',').map((r) => resolve(r));
  const [rounds, requests, concurrency] = [values.rounds, values.requests, values.concurrency].map(Number);
  let natsServer;
  let natsUrl = values.nats;
  if (!natsUrl) {
    const port = await freePort();
    natsServer = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    natsUrl = `nats://127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 500));
  }
  const { connect } = await loadFrom(roots[0])('@nats-io/transport-node');
  const nc = await connect({ servers: natsUrl });
  const request = JSON.stringify({ pattern: SUBJECT, data: { productId: randomUUID() }, id: 'x' });
  const ask = async (n) => {
    let left = n;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) {
          const reply = (await nc.request(SUBJECT, request, { timeout: 5000 })).json();
          if (reply.err || !reply.response) throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
        }
      }),
    );
  };
  const results = Object.fromEntries(roots.map((r) => [r, []]));
  for (let round = 0; round < rounds; round++) {
    for (const root of roots) {
      const child = fork(new URL(import.meta.url), ['--serve', root, natsUrl], { stdio: 'inherit' });
      await answerOf(child, 'ready');
      await ask(2000); // warm-up: the JIT's work is not the plumbing's
      child.send('start');
      await answerOf(child, 'started');
      const began = process.hrtime.bigint();
      await ask(requests);
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      child.send('stop');
      const { cpuMicros } = await answerOf(child);
      child.send('exit');
      await new Promise((r) => child.once('exit', r));
      const perRequest = cpuMicros / requests;
      results[root].push(perRequest);
      console.log(
        `round ${round + 1} ${root}: ${perRequest.toFixed(1)} µs CPU/request (${(requests / (ms / 1000)).toFixed(0)} req/s)`,
      );
    }
  }
  for (const root of roots) {
    const sorted = [...results[root]].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `${root}: median ${median.toFixed(1)} µs/request; all ${results[root].map((v) => v.toFixed(1)).join(' ')}`,
    );
  }
  await nc.close();
  natsServer?.kill();
}

if (process.argv[2] === '--serve') await serve(process.argv[3], process.argv[4]);
else await main();
