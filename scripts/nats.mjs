// npm start's own NATS server. The machine's NATS on 4222 is shared and anonymous; the product's NATS is not: it has
// one user per process with only that process's subjects (NATS_GRANTS in libs/contracts), exactly as compose and
// Kubernetes run it. The passwords are generated on the first run and kept outside the repository, in
// .data/nats/passwords.json (owner-only, like a private key); the server reads them from its environment, each
// process gets its own (scripts/stack.mjs), and scripts that speak for users (seed.mjs) connect as the gateway.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateNatsPasswords, localNatsServerConfig, natsServerPasswordEnv } from '@souvenir/platform';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What npm start generates and keeps (git-ignored); SOUVENIR_DATA_DIR moves it (the launcher's test). */
export const dataDir = () => process.env.SOUVENIR_DATA_DIR || path.join(ROOT, '.data');
const passwordsFile = () => path.join(dataDir(), 'nats', 'passwords.json');

/** npm start's NATS port: 4223 (beside the machine's 4222), moved by HEALTH_PORT_OFFSET as the health ports are. */
export const natsPort = (portOffset = 0) => 4223 + portOffset;

/** The NATS users' passwords: those kept from an earlier run, new ones (then written down) for any missing. */
export function natsPasswords() {
  const file = passwordsFile();
  let kept = {};
  if (existsSync(file)) {
    // Owner-only even if something widened it since.
    chmodSync(file, 0o600);
    try {
      kept = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // A damaged file: every password is made again (the server is ours and starts with them).
    }
  }
  const passwords = generateNatsPasswords(kept);
  if (JSON.stringify(passwords) !== JSON.stringify(kept)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600); // the mode above applies only to a file it creates
  }
  return passwords;
}

function natsServerBinary() {
  const candidates = [...(process.env.PATH ?? '').split(':'), '/usr/sbin'].map((d) => path.join(d, 'nats-server'));
  const binary = process.env.NATS_SERVER_BIN || candidates.find((p) => existsSync(p));
  if (!binary) throw new Error('nats-server is not installed (scripts/ensure-infra.sh installs it)');
  return binary;
}

/**
 * The NATS server to run on `port` with the generated users, its JetStream store and log under .data/nats/<port>/
 * (so two launchers with different offsets never share a store): startStack's `natsServer`, and the URL the
 * processes connect to.
 */
export function ownNatsServer({ port, passwords }) {
  const dir = path.join(dataDir(), 'nats', String(port));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const configFile = path.join(dir, 'nats.conf');
  writeFileSync(configFile, localNatsServerConfig({ port, storeDir: path.join(dir, 'jetstream') }));
  const logFile = path.join(dir, 'nats-server.log');
  return {
    url: `nats://127.0.0.1:${port}`,
    natsServer: {
      command: natsServerBinary(),
      args: ['-c', configFile, '-l', logFile],
      env: natsServerPasswordEnv(passwords),
      port,
      logFile,
    },
  };
}
