// `npm start`: installs what is missing, builds, runs every process (migrations run as each service starts),
// seeds a demo catalogue on an empty database, and serves the web app and the API at http://localhost:$PORT.
// Every process is supervised: one that crashes is restarted with backoff while the others keep serving; only
// Ctrl-C (SIGINT, or SIGTERM) stops everything.
// Written for any Node >= 20 so that it can run before the project's own Node 24 is installed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureInfra, NODE24, ROOT, runOnProjectNode } from './setup.mjs';

ensureDependencies();
await runOnProjectNode(import.meta.url);
await ensureInfra();

/** Runs a command to its end without blocking the event loop (the supervisor and Ctrl-C keep working meanwhile). */
const run = (cmd, args, opts = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${signal ?? code})`)),
    );
  });

// SKIP_BUILD=1: the packages are already built (the launcher's own test, after `npm test` has built them).
if (process.env.SKIP_BUILD !== '1') {
  console.log('Building ...');
  await run(path.join(ROOT, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '--outputStyle=static']);
}

// Built by now: these load the workspace's libraries.
const { startStack } = await import('./stack.mjs');
const { natsPasswords, natsPort, ownNatsServer } = await import('./nats.mjs');
const { natsUserEnv } = await import('@souvenir/platform');

const port = Number(process.env.PORT ?? 3000);
// HEALTH_PORT_OFFSET moves every service's health port (4001-4010 by default) and the NATS port (4223), so two
// stacks can run side by side.
const portOffset = Number(process.env.HEALTH_PORT_OFFSET ?? 0);
// Our own NATS with a user per process (scripts/nats.mjs), never the machine's anonymous one.
const passwords = natsPasswords();
const nats = ownNatsServer({ port: natsPort(portOffset), passwords });
const stack = await startStack({
  port,
  portOffset,
  supervise: true,
  env: {
    NATS_URL: nats.url,
    // The demo sellers are minutes old and list up to 16 items at once (scripts/seed): the velocity rule lets them.
    NEW_ACCOUNT_LISTINGS_PER_HOUR: process.env.NEW_ACCOUNT_LISTINGS_PER_HOUR ?? '20',
  },
  natsPasswords: passwords,
  natsServer: nats.natsServer,
  // Without SMTP_URL, every mail goes to MailDev on loopback (HEALTH_PORT_OFFSET moves its ports too); its mails
  // are kept in .data/maildev (git-ignored) across restarts.
  mailDev: {
    smtpPort: 1025 + portOffset,
    webPort: 1080 + portOffset,
    mailDirectory: path.join(ROOT, '.data', 'maildev'),
  },
});
let stopping = null;
const stopAll = (code = 0) => {
  stopping ??= (async () => {
    console.log('\nStopping ...');
    await stack.stop();
    process.exit(code);
  })();
  return stopping;
};
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

if (process.env.SEED !== '0') {
  await run(NODE24, [path.join(ROOT, 'scripts', 'seed.mjs'), '--if-empty'], {
    // The seed speaks for the demo users over NATS, as the gateway does: it connects as the gateway.
    env: {
      ...process.env,
      NATS_URL: nats.url,
      ...natsUserEnv('gateway', passwords),
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    },
  }).catch((error) => console.error(`Seeding failed: ${error.message}`));
}

const mailbox = process.env.SMTP_URL ? '' : `\n  Its e-mails arrive in MailDev: http://localhost:${1080 + portOffset}`;
console.log(`\n  Souvenir marketplace is running at ${stack.url}${mailbox}\n  Press Ctrl-C to stop.\n`);
