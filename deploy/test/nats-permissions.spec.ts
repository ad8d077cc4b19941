import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  EVENTS,
  NATS_GRANTS,
  NATS_PRINCIPALS,
  natsAuthorizationConfig,
  natsInboxPrefix,
  natsPasswordVariable,
  PUSH,
  RPC,
  type NatsPrincipal,
  type NatsServiceName,
} from '@souvenir/contracts';
import { natsConnectionOptions } from '@souvenir/platform';
import {
  freePort,
  startConfiguredNatsServer,
  startTestInfra,
  type ConfiguredNats,
  type TestInfra,
} from '@souvenir/testing';
import { build } from './kustomize';
import { ROOT, SERVICES, startProcess, waitReady } from './support';

const ALL_RPC = Object.values(RPC).flatMap((s) => Object.values(s)) as string[];
const rpcName = new Map(
  Object.entries(RPC).flatMap(([service, subjects]) =>
    Object.entries(subjects).map(([k, v]) => [`RPC.${service}.${k}`, v]),
  ),
);
const eventName = new Map(
  Object.entries(EVENTS).flatMap(([service, subjects]) =>
    Object.entries(subjects).map(([k, v]) => [`EVENTS.${service}.${k}`, v]),
  ),
);

/** Every non-test TypeScript source of a process. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.ts') && !full.endsWith('.spec.ts') ? [readFileSync(full, 'utf8')] : [];
  });
}

/** What the code of a process actually does on NATS, read from its sources. */
function usedByCode(principal: NatsPrincipal) {
  const code = sources(path.join(ROOT, principal === 'gateway' ? 'gateway/src' : `services/${principal}/src`));
  const names = (re: RegExp, map: Map<string, string>) =>
    new Set(code.flatMap((c) => [...c.matchAll(re)].map((m) => map.get(m[1])!)));
  const calls = names(/\.send(?:Serialised)?\(\s*(RPC\.\w+\.\w+)/g, rpcName);
  // libs/platform's SupportRole asks identity for the caller's role on the service's behalf.
  if (code.some((c) => /\bSupportRole\b/.test(c))) calls.add(RPC.identity.getRole);
  const serves = names(/@RpcHandler\((RPC\.\w+\.\w+)\)/g, rpcName);
  const consumes = new Set(
    code
      .filter((c) => c.includes('consumer.start('))
      .flatMap((c) => [...c.matchAll(/\[(EVENTS\.\w+\.\w+)\]/g)].map((m) => eventName.get(m[1])!)),
  );
  const listens = names(/subscribe\((EVENTS\.\w+\.\w+)/g, eventName);
  const pushes = code.some((c) => /\.publish\(\s*PUSH\.user\(/.test(c));
  const hearsPush = code.some((c) => /\.subscribe\(\s*PUSH\.user\(/.test(c));
  const push = pushes ? 'publish' : hearsPush ? 'subscribe' : undefined;
  return { calls, serves, consumes, listens, push };
}

describe('the NATS permissions declared in libs/contracts', () => {
  it.each(NATS_PRINCIPALS)('%s: grants exactly what its code sends, serves and follows', (principal) => {
    const used = usedByCode(principal);
    const grant = NATS_GRANTS[principal];
    expect([...used.calls].sort()).toEqual([...grant.calls].sort());
    expect([...used.serves].sort()).toEqual([...grant.serves].sort());
    expect([...used.consumes].sort()).toEqual([...grant.consumes].sort());
    expect([...used.listens].sort()).toEqual([...grant.listens].sort());
    expect(used.push).toBe(grant.push);
  });

  it('only the gateway and payments may ask identity for a user with their e-mail (identity.user.get-me)', () => {
    expect(NATS_PRINCIPALS.filter((p) => NATS_GRANTS[p].calls.includes(RPC.identity.getMe)).sort()).toEqual([
      'gateway',
      'payments',
    ]);
  });

  it('deploy/nats/auth.conf and the Kubernetes ConfigMap nats-auth are what the declaration generates (node deploy/nats/generate.mjs)', () => {
    const generated = natsAuthorizationConfig();
    expect(readFileSync(path.join(ROOT, 'deploy/nats/auth.conf'), 'utf8')).toBe(generated);
    for (const overlay of ['dev', 'prod']) {
      const configMap = build(path.join(ROOT, 'deploy/k8s/overlays', overlay)).find(
        (m) => m.kind === 'ConfigMap' && m.metadata.name === 'nats-auth',
      );
      expect(configMap?.data['auth.conf']).toBe(generated);
    }
  });
});

// The generated users on a real nats-server, started with docker-compose's own configuration file.
// The server parses an interpolated value, so a password must start with a letter (deploy/README.md makes them so).
const passwords = Object.fromEntries(NATS_PRINCIPALS.map((p) => [p, `p${randomBytes(12).toString('hex')}`])) as Record<
  NatsPrincipal,
  string
>;
let nats: ConfiguredNats;
const connections: NatsConnection[] = [];

async function connectAs(principal: NatsPrincipal, url = nats.url): Promise<NatsConnection> {
  const nc = await connect({
    servers: url,
    user: principal,
    pass: passwords[principal],
    inboxPrefix: natsInboxPrefix(principal),
    noAsyncTraces: true,
  });
  connections.push(nc);
  return nc;
}

/** The server's answer to a request: the responder's reply, or the permission violation that stopped it. */
async function ask(nc: NatsConnection, subject: string): Promise<string> {
  return nc.request(subject, 'ping', { timeout: 2000 }).then(
    (m) => m.string(),
    (e: Error) => e.message,
  );
}

/** Whether the server lets this connection subscribe to the subject (it closes a refused subscription). */
async function maySubscribe(nc: NatsConnection, subject: string): Promise<boolean> {
  const sub = nc.subscribe(subject, { callback: () => undefined });
  await nc.flush();
  await new Promise((r) => setTimeout(r, 20));
  const allowed = !sub.isClosed();
  sub.unsubscribe();
  return allowed;
}

describe('deploy/nats/nats.conf on a real nats-server', () => {
  beforeAll(async () => {
    const env = Object.fromEntries(NATS_PRINCIPALS.map((p) => [natsPasswordVariable(p), passwords[p]]));
    nats = await startConfiguredNatsServer(path.join(ROOT, 'deploy/nats/nats.conf'), env);
    // Every service answers each of its own subjects in its queue group, as its Nest server does.
    for (const service of SERVICES) {
      const nc = await connectAs(service);
      for (const subject of NATS_GRANTS[service].serves) {
        nc.subscribe(subject, {
          queue: service,
          callback: (_e, msg) => {
            msg.respond(`answered by ${service}`);
          },
        });
      }
      await nc.flush();
    }
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
    await nats?.stop();
  });

  it('refuses anonymous clients and wrong passwords', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(/Authorization Violation/);
    await expect(connect({ servers: nats.url, user: 'gateway', pass: 'guess', reconnect: false })).rejects.toThrow(
      /Authorization Violation/,
    );
    await expect(
      connect({ servers: nats.url, user: 'identity', pass: passwords.gateway, reconnect: false }),
    ).rejects.toThrow(/Authorization Violation/);
  });

  it("catalog cannot ask identity for a user's e-mail with a forged actorId; the gateway and payments can", async () => {
    expect(await ask(await connectAs('catalog'), RPC.identity.getMe)).toMatch(
      /Permissions Violation for Publish to "identity\.user\.get-me"/,
    );
    expect(await ask(await connectAs('gateway'), RPC.identity.getMe)).toBe('answered by identity');
    expect(await ask(await connectAs('payments'), RPC.identity.getMe)).toBe('answered by identity');
  });

  it.each(NATS_PRINCIPALS)(
    '%s: every request/reply subject answers if granted and is refused by the server otherwise',
    async (principal) => {
      const nc = await connectAs(principal);
      const outcomes = await Promise.all(ALL_RPC.map(async (subject) => [subject, await ask(nc, subject)]));
      const expected = ALL_RPC.map((subject) => [
        subject,
        (NATS_GRANTS[principal].calls as readonly string[]).includes(subject)
          ? `answered by ${subject.split('.')[0]}`
          : `Permissions Violation for Publish to "${subject}"`,
      ]);
      expect(outcomes).toEqual(expected);
    },
  );

  it.each(NATS_PRINCIPALS)(
    "%s: cannot take other services' requests or read other processes' replies",
    async (principal) => {
      const nc = await connectAs(principal);
      const others = ALL_RPC.filter((s) => s.split('.')[0] !== principal);
      for (const subject of [
        ...others,
        '>',
        '_INBOX.>',
        ...NATS_PRINCIPALS.filter((p) => p !== principal).map((p) => `${natsInboxPrefix(p)}.>`),
      ]) {
        expect([subject, await maySubscribe(nc, subject)]).toEqual([subject, false]);
      }
      expect(await maySubscribe(nc, `${natsInboxPrefix(principal)}.>`)).toBe(true);
    },
  );

  it('a service publishes events only under its own name, and JetStream stores them', async () => {
    const identity = await connectAs('identity');
    const jsm = await jetstreamManager(identity);
    await jsm.streams.add({ name: 'EVENTS', subjects: ['events.>'] });
    const stored = await jetstream(identity).publish(EVENTS.identity.userUpdated, '{}');
    expect(stored.seq).toBeGreaterThan(0);
    const forged = await jetstream(await connectAs('catalog'))
      .publish(EVENTS.identity.userUpdated, '{}')
      .then(
        () => 'stored',
        (e: Error) => e.message,
      );
    expect(forged).toMatch(/Permissions Violation for Publish to "events\.identity\.user\.updated"/);
  });

  it("live push: only notifications publishes a user's events, only the gateway hears them", async () => {
    const userSubject = PUSH.user('8c0d1f62-3b7e-4d7a-9b59-2f4b1c7e9a10');
    const gateway = await connectAs('gateway');
    const heard: string[] = [];
    gateway.subscribe(userSubject, {
      callback: (error, msg) => {
        if (!error) heard.push(msg.string());
      },
    });
    await gateway.flush();
    for (const principal of NATS_PRINCIPALS.filter((p) => p !== 'gateway'))
      expect([principal, await maySubscribe(await connectAs(principal), userSubject)]).toEqual([principal, false]);
    for (const principal of NATS_PRINCIPALS) {
      const nc = await connectAs(principal);
      nc.publish(userSubject, principal);
      await nc.flush();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual(['notifications']);
  });

  it('a service cannot create a consumer on events it was not granted', async () => {
    const jsm = await jetstreamManager(await connectAs('identity'));
    const attempt = await jsm.consumers
      .add('EVENTS', {
        durable_name: 'identity--events_payments_order_paid',
        filter_subject: EVENTS.payments.orderPaid,
      })
      .then(
        () => 'created',
        (e: Error) => e.message,
      );
    expect(attempt).toMatch(/Permissions Violation/);
  });
});

// Every built service and the gateway, each with its own credentials only: they start (RPC server, JetStream stream and
// durable consumers), the gateway signs a user up, and catalog applies identity's event through its consumer.
describe('the whole product on the permissioned NATS', () => {
  // Every service and the gateway start at once as processes: on a two-core machine each takes its share of a minute.
  const STARTUP_MS = 150_000;
  let infra: TestInfra;
  let server: ConfiguredNats;
  const processes: ReturnType<typeof startProcess>[] = [];

  beforeAll(async () => {
    infra = await startTestInfra();
    const env = Object.fromEntries(NATS_PRINCIPALS.map((p) => [natsPasswordVariable(p), passwords[p]]));
    server = await startConfiguredNatsServer(path.join(ROOT, 'deploy/nats/nats.conf'), env);
  });

  afterAll(async () => {
    for (const p of processes)
      if (p.child.exitCode === null) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
    await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
    await server?.stop();
    await infra?.stop();
  });

  it(
    "serves a sign-up through the gateway, and catalog receives the new user's event",
    async () => {
      const credentials = (p: NatsPrincipal) => ({
        ...infra.env,
        NATS_URL: server.url,
        NATS_USER: p,
        NATS_PASSWORD: passwords[p],
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      });
      const ports: Record<string, number> = {};
      for (const service of SERVICES as readonly NatsServiceName[]) {
        ports[service] = await freePort();
        processes.push(startProcess(service, { ...credentials(service), HTTP_PORT: String(ports[service]) }));
      }
      const gatewayPort = await freePort();
      processes.push(
        startProcess('gateway', { ...credentials('gateway'), PORT: String(gatewayPort), METRICS_PORT: '0' }),
      );
      await Promise.all([
        ...SERVICES.map((s) => waitReady(`http://127.0.0.1:${ports[s]}/readyz`, STARTUP_MS)),
        waitReady(`http://127.0.0.1:${gatewayPort}/readyz`, STARTUP_MS),
      ]);

      const base = `http://127.0.0.1:${gatewayPort}`;
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base },
        body: JSON.stringify({
          email: 'nats-perms@example.com',
          password: 'secret1',
          username: 'natsperms',
          firstName: 'Ana',
          lastName: 'Lopez',
          location: 'Lisbon',
        }),
      });
      expect(res.status).toBe(201);
      const me = await fetch(`${base}/api/auth/me`, {
        headers: { Cookie: res.headers.get('set-cookie')!.split(';')[0] },
      });
      expect(await me.json()).toMatchObject({ username: 'natsperms', email: 'nats-perms@example.com' });

      // catalog's durable consumer of user registrations (created, pulled and acknowledged with catalog's grants) has
      // delivered the event and had it acknowledged; read with catalog's own credentials.
      const jsm = await jetstreamManager(await connectAs('catalog', server.url));
      const deadline = Date.now() + 15_000;
      let info = await jsm.consumers.info('EVENTS', 'catalog--events_identity_user_registered');
      while ((info.delivered.stream_seq === 0 || info.num_ack_pending > 0) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        info = await jsm.consumers.info('EVENTS', 'catalog--events_identity_user_registered');
      }
      expect(info).toMatchObject({ num_pending: 0, num_ack_pending: 0 });
      expect(info.delivered.consumer_seq).toBeGreaterThanOrEqual(1);
      for (const p of processes) expect(p.child.exitCode).toBeNull();
    },
    STARTUP_MS + 30_000,
  );
});

// The same users behind TLS with a private CA, as in Kubernetes: a process trusts the server through NATS_CA_FILE.
describe('TLS with a private CA (NATS_CA_FILE)', () => {
  let dir: string;
  let server: ConfiguredNats;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'souvenir-nats-tls-'));
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    openssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '1',
      '-subj',
      '/CN=test-ca',
    );
    openssl(
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'tls.key',
      '-out',
      'tls.csr',
      '-subj',
      '/CN=nats',
    );
    writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
    openssl(
      'x509',
      '-req',
      '-in',
      'tls.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'tls.crt',
      '-days',
      '1',
      '-extfile',
      'san.ext',
    );
    copyFileSync(path.join(ROOT, 'deploy/nats/auth.conf'), path.join(dir, 'auth.conf'));
    writeFileSync(
      path.join(dir, 'nats.conf'),
      'tls {\n  cert_file: "tls.crt"\n  key_file: "tls.key"\n}\ninclude ./auth.conf\n',
    );
    server = await startConfiguredNatsServer(
      path.join(dir, 'nats.conf'),
      Object.fromEntries(NATS_PRINCIPALS.map((p) => [natsPasswordVariable(p), passwords[p]])),
    );
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a service connects with its credentials and the CA file; without the CA file the server is not trusted', async () => {
    const url = server.url.replace('nats://', 'tls://');
    const credentials = { NATS_USER: 'identity', NATS_PASSWORD: passwords.identity };
    const nc = await connect({
      servers: url,
      reconnect: false,
      ...natsConnectionOptions({ ...credentials, NATS_CA_FILE: path.join(dir, 'ca.crt') }),
    });
    expect(nc.info?.tls_required).toBe(true);
    await nc.close();
    await expect(
      connect({ servers: url, reconnect: false, ...natsConnectionOptions({ ...credentials, NATS_CA_FILE: '' }) }),
    ).rejects.toThrow(/certificate/i);
  });
});
