// Two builds of the web app side by side, for comparing them run after run on one machine (the web part of
// bench/README.md's Lighthouse passes): fresh infrastructure, the whole stack, 10k seeded products, and one more
// gateway per web build, each serving its own copy of web/dist.
//
//   node bench/profile/web-ab-stack.mjs A=/tmp/webab/before B=/tmp/webab/after [--products 10000]
//
// Prints each gateway's address and a product id, writes them to /tmp/webab/stack.json, and serves until SIGTERM or
// SIGINT (then stops everything and drops the database). SIGUSR2 restarts the extra gateways: a gateway reads its
// build's pages (their inline scripts' CSP hashes) at start, so restart it after copying a new build into its folder.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { ROOT, processLog, startProduct, testing, freeOffset } from '../lib/infra.mjs';
import { seed, seedPlan } from '../lib/seed.mjs';

const args = process.argv.slice(2);
const products = Number(args[args.indexOf('--products') + 1]) || 10_000;
const builds = args.filter((a) => /^\w+=/.test(a)).map((a) => a.split('='));
if (!builds.length) throw new Error('usage: web-ab-stack.mjs NAME=/path/to/web/dist ...');

const log = processLog({ echo: true });
const { startTestInfra, freePort } = testing();
const infra = await startTestInfra({ natsUsers: true });
const port = await freePort();
const stack = await startProduct({
  infra,
  port,
  metricsPort: await freePort(),
  portOffset: await freeOffset(),
  logLevel: 'warn',
  services: undefined,
  log,
});
const client = new pg.Client({ connectionString: infra.database.url });
await client.connect();
// Photos as the app's own path: the same origin for every gateway below (the bench's seed names its own gateway's).
await seed(client, seedPlan(products), { imageBase: '' });
const [{ id: productId }] = (
  await client.query(`SELECT id FROM catalog.products WHERE status = 'active' ORDER BY created_at DESC LIMIT 1`)
).rows;
await client.end();

// NATS is never anonymous: each extra gateway connects as the gateway, as the stack's own does.
const { natsUserEnv } = createRequire(import.meta.url)(path.join(ROOT, 'libs/platform/dist/index.js'));
const gateways = [];
async function startGateways() {
  for (const g of gateways.splice(0)) g.child.kill('SIGTERM');
  for (const [name, dist] of builds) {
    const gatewayPort = gateways.length ? gateways.at(-1).port + 1 : 23100 + Math.floor(Math.random() * 800);
    const child = spawn(process.execPath, [path.join(ROOT, 'gateway', 'dist', 'main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...stack.env,
        ...natsUserEnv('gateway', infra.natsPasswords),
        PORT: String(gatewayPort),
        WEB_DIST: path.resolve(dist),
        PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
        METRICS_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => log(`gateway ${name}`, d));
    child.stderr.on('data', (d) => log(`gateway ${name}`, d));
    gateways.push({ name, dist, port: gatewayPort, child });
  }
  for (const g of gateways) {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${g.port}/readyz`)).ok) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const info = {
    productId,
    gateways: Object.fromEntries(gateways.map((g) => [g.name, `http://127.0.0.1:${g.port}`])),
  };
  writeFileSync(process.env.WEBAB_STACK_JSON ?? '/tmp/webab/stack.json', JSON.stringify(info, null, 2));
  console.log(JSON.stringify(info));
}
await startGateways();

process.on('SIGUSR2', () => void startGateways());
const stop = async () => {
  for (const g of gateways) g.child.kill('SIGTERM');
  await stack.stop();
  await infra.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
