import { randomBytes } from 'node:crypto';
import {
  NATS_PRINCIPALS,
  natsAuthorizationConfig,
  natsPasswordVariable,
  type NatsPrincipal,
} from '@souvenir/contracts';

/** Each NATS user's password (one user per process: the gateway and every service, see NATS_GRANTS). */
export type NatsPasswords = Record<NatsPrincipal, string>;

/**
 * A password for every NATS user: those of `kept` that are well-formed (a file written by an earlier run), fresh ones
 * for the rest. Each starts with a letter: nats-server parses the value it interpolates from `$NATS_PASSWORD_<USER>`,
 * and one starting with a digit would be read as a number.
 */
export function generateNatsPasswords(kept: Partial<Record<string, unknown>> = {}): NatsPasswords {
  return Object.fromEntries(
    NATS_PRINCIPALS.map((principal) => {
      const old = kept[principal];
      const keep = typeof old === 'string' && /^[A-Za-z][A-Za-z0-9]{15,}$/.test(old);
      return [principal, keep ? old : `p${randomBytes(24).toString('hex')}`];
    }),
  ) as NatsPasswords;
}

/** The NATS server's environment: the variables its `authorization` block reads the passwords from. */
export function natsServerPasswordEnv(passwords: NatsPasswords): Record<string, string> {
  return Object.fromEntries(NATS_PRINCIPALS.map((p) => [natsPasswordVariable(p), passwords[p]]));
}

/** What one process needs to connect as its own NATS user (NatsClientConfig's NATS_USER and NATS_PASSWORD). */
export function natsUserEnv(principal: NatsPrincipal, passwords: NatsPasswords): Record<string, string> {
  return { NATS_USER: principal, NATS_PASSWORD: passwords[principal] };
}

/**
 * A nats-server configuration file for one machine (npm start, the tests' stacks, the bench): loopback by default,
 * JetStream in `storeDir`, and the same generated users and permissions as compose and Kubernetes
 * (natsAuthorizationConfig), so no anonymous client can connect. Passwords stay out of the file: the server reads
 * them from its environment (natsServerPasswordEnv).
 */
export function localNatsServerConfig({
  host = '127.0.0.1',
  port,
  storeDir,
}: {
  host?: string;
  port: number;
  storeDir: string;
}): string {
  return [
    '# Written by the launcher from libs/contracts (NATS_GRANTS); rewritten on every start: do not edit.',
    `listen: "${host}:${port}"`,
    `jetstream { store_dir: ${JSON.stringify(storeDir)} }`,
    natsAuthorizationConfig(),
  ].join('\n');
}
