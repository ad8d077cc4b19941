import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { NATS_PRINCIPALS, natsPasswordVariable } from '@souvenir/contracts';
import { build, podSpec, type Manifest } from './kustomize';
import { configVariables, deployedVariables, PROCESSES, ROOT, SERVICES } from './support';

const SECRET_KEYS = [
  'DATABASE_URL',
  'SESSION_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'REDIS_URL',
];

it('reads the variables from the config classes', () => {
  expect(configVariables('gateway')).toEqual(
    expect.arrayContaining([
      'NODE_ENV',
      'PORT',
      'METRICS_PORT',
      'NATS_URL',
      'REDIS_URL',
      'SESSION_SECRET',
      'TRUST_PROXY_HOPS',
      'WEB_DIST',
    ]),
  );
  expect(configVariables('identity')).toEqual(
    expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'NATS_URL', 'HTTP_PORT', 'EVENT_STREAM']),
  );
  expect(deployedVariables('payments')).toEqual(
    expect.arrayContaining(['DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']),
  );
  expect(deployedVariables('payments')).not.toContain('STRIPE_API_HOST');
});

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each service is whatever YAML compose holds
    services: Record<string, any>;
    volumes: Record<string, unknown>;
  };

  it('runs Postgres 16, Redis 7 and NATS 2.10 with JetStream on a persistent volume, all health-checked', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:16/);
    expect(compose.services.redis.image).toMatch(/^redis:7/);
    expect(compose.services.nats.image).toMatch(/^nats:2\.10/);
    expect(compose.services.nats.command).toEqual(expect.arrayContaining(['--jetstream']));
    const store = compose.services.nats.command[compose.services.nats.command.indexOf('--store_dir') + 1];
    expect(
      compose.services.nats.volumes.some((v: string) => v.endsWith(`:${store}`) && v.split(':')[0] in compose.volumes),
    ).toBe(true);
    for (const s of ['postgres', 'redis', 'nats']) expect(compose.services[s].healthcheck.test).toBeDefined();
  });

  it.each(PROCESSES)(
    '%s: built from deploy/Dockerfile for its SERVICE, health-checked on /readyz, every config variable set',
    (name) => {
      const service = compose.services[name];
      expect(service).toBeDefined();
      expect(service.build).toMatchObject({ context: '.', dockerfile: 'deploy/Dockerfile', args: { SERVICE: name } });
      expect(service.healthcheck.test.join(' ')).toMatch(/\/readyz/);
      const env = service.environment as Record<string, string>;
      const port = name === 'gateway' ? env.PORT : env.HTTP_PORT;
      expect(service.healthcheck.test.join(' ')).toContain(`127.0.0.1:${port}/readyz`);
      expect(Object.keys(env).sort()).toEqual(expect.arrayContaining(deployedVariables(name)));
      for (const dep of Object.values(service.depends_on as Record<string, { condition: string }>))
        expect(dep.condition).toBe('service_healthy');
    },
  );

  it("runs NATS with the generated users (deploy/nats), and every process connects as its own user with that user's password", () => {
    const nats = compose.services.nats;
    expect(nats.command.slice(0, 2)).toEqual(['-c', '/etc/nats/nats.conf']);
    expect(nats.volumes).toContain('./deploy/nats:/etc/nats:ro');
    expect(readFileSync(path.join(ROOT, 'deploy/nats/nats.conf'), 'utf8')).toMatch(/^include \.\/auth\.conf$/m);
    expect(Object.keys(nats.environment).sort()).toEqual(NATS_PRINCIPALS.map(natsPasswordVariable).sort());
    for (const name of PROCESSES) {
      const env = compose.services[name].environment;
      expect([name, env.NATS_USER]).toEqual([name, name]);
      expect([name, env.NATS_PASSWORD]).toEqual([name, nats.environment[natsPasswordVariable(name)]]);
    }
  });

  it('publishes the gateway, serving the web app, on port 3000 once every service is healthy', () => {
    const gateway = compose.services.gateway;
    expect(gateway.ports.some((p: string) => /(^|:)3000:3000$/.test(p) || p.endsWith('3000}:3000'))).toBe(true);
    expect(gateway.environment.WEB_DIST).toBe('/app/web/dist');
    expect(Object.keys(gateway.depends_on)).toEqual(expect.arrayContaining([...SERVICES, 'redis', 'nats']));
  });
});

describe('deploy/Dockerfile and .dockerignore', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'deploy/Dockerfile'), 'utf8');

  it('builds on the official Node 24 image, installs production dependencies only in the final stage, runs as non-root', () => {
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24-bookworm-slim/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/USER node/);
    expect(runtime).toMatch(/CMD \["node", "app\/dist\/main\.js"\]/);
    for (const name of PROCESSES) expect(dockerfile).toContain(name);
    expect(existsSync(path.join(ROOT, '.dockerignore'))).toBe(true);
    expect(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')).toMatch(/\*\*\/node_modules/);
  });
});

describe.each(['dev', 'prod'])('Kubernetes overlay %s (base + patches)', (overlay) => {
  const manifests = build(path.join(ROOT, 'deploy/k8s/overlays', overlay));
  const find = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
  const configMap = find('ConfigMap', 'souvenir-config')!;

  it('puts everything in the overlay namespace and keeps secret values out of the repository', () => {
    expect(new Set(manifests.map((m) => m.metadata.namespace))).toEqual(
      new Set([overlay === 'prod' ? 'souvenir' : 'souvenir-dev']),
    );
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
    for (const key of SECRET_KEYS) expect(configMap.data).not.toHaveProperty(key);
  });

  it.each(PROCESSES)(
    '%s: Deployment with probes, resources, hardened security context, graceful stop and every config variable',
    (name) => {
      const deployment = find('Deployment', name)!;
      expect(deployment).toBeDefined();
      const spec = podSpec(deployment);
      const [container] = spec.containers;
      expect(container.image).toMatch(new RegExp(`/${name}:`));
      expect(container.readinessProbe.httpGet.path).toBe('/readyz');
      expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      for (const r of ['requests', 'limits'])
        expect(Object.keys(container.resources[r]).sort()).toEqual(['cpu', 'memory']);
      expect(spec.securityContext.runAsNonRoot).toBe(true);
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
      const preStop = Number(container.lifecycle.preStop.exec.command[1]);
      expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStop + 15 + 5); // preStop + drain deadline + margin

      const fromConfigMap = container.envFrom.some(
        (e: { configMapRef?: { name: string } }) => e.configMapRef?.name === 'souvenir-config',
      )
        ? Object.keys(configMap.data)
        : [];
      const env = container.env as {
        name: string;
        value?: string;
        valueFrom?: { secretKeyRef?: { name: string; key: string } };
      }[];
      const provided = new Set([...fromConfigMap, ...env.map((e) => e.name)]);
      for (const variable of deployedVariables(name))
        expect([variable, provided.has(variable)]).toEqual([variable, true]);
      for (const e of env.filter((x) => SECRET_KEYS.includes(x.name))) {
        expect(e.value).toBeUndefined();
        expect(e.valueFrom?.secretKeyRef).toMatchObject({ name: 'souvenir-secrets', key: e.name });
      }
      expectOwnNatsCredentials(name, container, spec);
      const port = env.find((e) => e.name === (name === 'gateway' ? 'PORT' : 'HTTP_PORT'))!.value;
      expect(container.ports.find((p: { name: string }) => p.name === 'http').containerPort).toBe(Number(port));

      expect(find('Service', name)).toBeDefined();
      expect(find('PodDisruptionBudget', name)?.spec.selector.matchLabels).toEqual(
        deployment.spec.selector.matchLabels,
      );
    },
  );

  it('autoscales every process on its own CPU, and no Deployment fixes a replica count the autoscaler owns', () => {
    for (const name of PROCESSES) {
      const hpa = find('HorizontalPodAutoscaler', name)!;
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      expect(hpa.spec.metrics).toEqual([
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '700m' } } },
      ]);
      expect(find('Deployment', name)!.spec.replicas).toBeUndefined();
      if (overlay === 'prod') expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    }
  });

  it('exposes only the gateway through the Ingress, and media for photos only, behind one trusted proxy hop', () => {
    const ingresses = manifests.filter((m) => m.kind === 'Ingress');
    expect(ingresses.map((m) => m.metadata.name).sort()).toEqual(['gateway', 'media']);
    const routes = (name: string) =>
      find('Ingress', name)!.spec.rules.flatMap(
        (r: { http: { paths: { path: string; pathType: string; backend: { service: { name: string } } }[] } }) =>
          r.http.paths.map((p) => `${p.pathType} ${p.path} -> ${p.backend.service.name}`),
      );
    expect(routes('gateway')).toEqual(['Prefix / -> gateway']);
    expect(routes('media')).toEqual(['Exact /api/uploads -> media', 'Prefix /media/ -> media']);
    expect(find('Ingress', 'media')!.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('12m');
    expect(configMap.data.TRUST_PROXY_HOPS).toBe('1');
    expect(configMap.data.MEDIA_URL).toBe(''); // the Ingress routes photos: the gateway proxies nothing
  });

  it("keeps live streams open through the Ingress: a quiet stream's heartbeat (25 s) comes well within nginx's timeouts", () => {
    const ingress = find('Ingress', 'gateway')!;
    for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout'])
      expect(Number(ingress.metadata.annotations[`nginx.ingress.kubernetes.io/${timeout}`])).toBeGreaterThanOrEqual(
        2 * 25,
      );
  });

  it('denies by default; services take traffic only from Prometheus (requests come through NATS)', () => {
    const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
    const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0)!;
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(deny.spec.ingress).toBeUndefined();
    expect(deny.spec.egress).toBeUndefined();
    const servicesIngress = policies.find(
      (p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === 'service',
    )!;
    expect(servicesIngress.spec.ingress).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ protocol: 'TCP', port: 8080 }],
      },
    ]);
    for (const name of SERVICES) {
      expect(find('Deployment', name)!.spec.template.metadata.labels['app.kubernetes.io/component']).toBe('service');
    }
    // media alone also takes the Ingress's photo routes (uploads and images), on its HTTP port, and the data
    // archives' internal routes from identity (the export job) and the gateway (downloads).
    const mediaIngress = policies.filter((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'media');
    expect(mediaIngress.flatMap((p) => p.spec.ingress ?? [])).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
        ports: [{ protocol: 'TCP', port: 8080 }],
      },
      {
        from: [
          {
            podSelector: {
              matchExpressions: [
                { key: 'app.kubernetes.io/part-of', operator: 'In', values: ['souvenir'] },
                { key: 'app.kubernetes.io/name', operator: 'In', values: ['gateway', 'identity'] },
              ],
            },
          },
        ],
        ports: [{ protocol: 'TCP', port: 8080 }],
      },
    ]);
  });

  // Each pod's egress, computed from every policy that selects it: exactly what it needs, nothing else.
  const DNS = ['ns:kube-system,pods:k8s-app=kube-dns UDP/53', 'ns:kube-system,pods:k8s-app=kube-dns TCP/53'];
  const NATS_CLIENT = 'pods:app.kubernetes.io/name=nats,app.kubernetes.io/part-of=souvenir TCP/4222';
  const POSTGRES = 'anywhere TCP/5432';
  const MEDIA = 'pods:app.kubernetes.io/name=media,app.kubernetes.io/part-of=souvenir TCP/8080';
  const expectedEgress: Record<string, string[]> = {
    gateway: [...DNS, NATS_CLIENT, 'anywhere TCP/6379', MEDIA],
    identity: [...DNS, NATS_CLIENT, POSTGRES, MEDIA],
    catalog: [...DNS, NATS_CLIENT, POSTGRES],
    favourites: [...DNS, NATS_CLIENT, POSTGRES],
    messaging: [...DNS, NATS_CLIENT, POSTGRES],
    payments: [...DNS, NATS_CLIENT, POSTGRES, 'anywhere TCP/443'],
    reviews: [...DNS, NATS_CLIENT, POSTGRES],
    moderation: [...DNS, NATS_CLIENT, POSTGRES],
    alerts: [...DNS, NATS_CLIENT, POSTGRES],
    notifications: [...DNS, NATS_CLIENT, POSTGRES, 'anywhere TCP/587', 'anywhere TCP/465'],
    media: [...DNS, NATS_CLIENT, POSTGRES, 'anywhere TCP/6379', 'anywhere TCP/443'],
    migrate: [...DNS, NATS_CLIENT, POSTGRES],
    nats: [...DNS, 'pods:app.kubernetes.io/name=nats,app.kubernetes.io/part-of=souvenir TCP/6222'],
  };

  it.each(Object.keys(expectedEgress))(
    '%s: its pods may reach only what they need (egress NetworkPolicies)',
    (name) => {
      const workload = manifests.find(
        (m) => ['Deployment', 'StatefulSet', 'Job'].includes(m.kind) && m.metadata.name === name,
      )!;
      expect(workload).toBeDefined();
      expect(allowedEgress(manifests, workload.spec.template.metadata.labels).sort()).toEqual(
        [...expectedEgress[name]].sort(),
      );
    },
  );

  it('every workload is covered by the egress check', () => {
    const workloads = manifests
      .filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(m.kind))
      .map((m) => m.metadata.name);
    expect(workloads.sort()).toEqual(Object.keys(expectedEgress).sort());
  });

  it("NATS takes clients only from the product's pods, routes only from its peers, over TLS, with the generated users", () => {
    const policy = manifests.find((m) => m.kind === 'NetworkPolicy' && m.metadata.name === 'nats-ingress')!;
    const clients = policy.spec.ingress.find((r: { ports: { port: number }[] }) => r.ports[0].port === 4222);
    const admitted = (labels: Record<string, string>) =>
      clients.from.some((f: { podSelector: Selector }) => selects(f.podSelector, labels));
    for (const m of manifests.filter((x) => ['Deployment', 'Job'].includes(x.kind)))
      expect([m.metadata.name, admitted(m.spec.template.metadata.labels)]).toEqual([m.metadata.name, true]);
    expect(admitted({ 'app.kubernetes.io/name': 'something-else', 'app.kubernetes.io/part-of': 'other' })).toBe(false);

    expect(configMap.data.NATS_URL).toMatch(/^tls:\/\/nats:4222$/);
    const natsConf = find('ConfigMap', 'nats-config')!.data['nats.conf'] as string;
    expect(natsConf).toMatch(
      /^tls \{\n\s+cert_file: \/etc\/nats\/tls\/tls\.crt\n\s+key_file: \/etc\/nats\/tls\/tls\.key/m,
    );
    expect(natsConf).toMatch(/^include \.\/auth\.conf$/m);
    expect(natsConf).not.toMatch(/no_auth_user/);
    const statefulSet = find('StatefulSet', 'nats')!;
    const spec = podSpec(statefulSet);
    const sources = spec.volumes
      .find((v: { name: string }) => v.name === 'config')
      .projected.sources.map((s: { configMap: { name: string } }) => s.configMap.name);
    expect(sources.sort()).toEqual(['nats-auth', 'nats-config']);
    expect(spec.volumes.find((v: { name: string }) => v.name === 'tls').secret.secretName).toBe('nats-tls');
    const env = spec.containers[0].env as {
      name: string;
      valueFrom?: { secretKeyRef?: { name: string; key: string } };
    }[];
    for (const principal of NATS_PRINCIPALS) {
      expect(env.find((e) => e.name === natsPasswordVariable(principal))?.valueFrom?.secretKeyRef).toEqual({
        name: 'souvenir-nats',
        key: principal,
      });
    }
  });

  it("keeps /metrics off the public port: the Ingress reaches only the gateway Service's app port, which is not a metrics port", () => {
    const service = find('Service', 'gateway')!;
    expect(service.spec.ports).toEqual([{ name: 'http', port: 3000, targetPort: 'http' }]);
    const ingress = find('Ingress', 'gateway')!;
    for (const rule of ingress.spec.rules)
      for (const p of rule.http.paths) expect(p.backend.service).toEqual({ name: 'gateway', port: { name: 'http' } });
    const gateway = find('Deployment', 'gateway')!;
    const [container] = podSpec(gateway).containers;
    const metricsPort = Number(gateway.spec.template.metadata.annotations['prometheus.io/port']);
    expect(container.env.find((e: { name: string }) => e.name === 'METRICS_PORT').value).toBe(String(metricsPort));
    expect(container.ports.find((p: { name: string }) => p.name === 'http').containerPort).not.toBe(metricsPort);
    // Only Prometheus may reach it.
    const gatewayIngress = find('NetworkPolicy', 'gateway-ingress')!;
    const metricsRules = gatewayIngress.spec.ingress.filter((r: { ports: { port: number }[] }) =>
      r.ports.some((p) => p.port === metricsPort),
    );
    expect(metricsRules).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ protocol: 'TCP', port: metricsPort }],
      },
    ]);
  });

  it('has a migrations Job running every service image with MIGRATE_ONLY=1', () => {
    const job = find('Job', 'migrate') as Manifest;
    const containers = podSpec(job).containers as {
      name: string;
      image: string;
      env: { name: string; value?: string }[];
    }[];
    expect(containers.map((c) => c.name).sort()).toEqual([...SERVICES].sort());
    for (const c of containers) {
      expect(c.env).toContainEqual({ name: 'MIGRATE_ONLY', value: '1' });
      expectOwnNatsCredentials(c.name, c, podSpec(job));
      expect(c.image).toBe(podSpec(find('Deployment', c.name)!).containers[0].image);
    }
  });
});

describe("media's process settings (glibc and V8 read them as the process starts)", () => {
  let expected: Record<string, string>;
  beforeAll(async () => {
    ({ MEDIA_PROCESS_ENV: expected } = (await import(path.join(ROOT, 'scripts', 'stack.mjs'))) as {
      MEDIA_PROCESS_ENV: Record<string, string>;
    });
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX', 'NODE_OPTIONS']));
  });

  it("are the launcher's (npm start, the bench, the test stacks) in docker-compose.yml", () => {
    const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment: Record<string, string> }>;
    };
    const env = compose.services.media!.environment;
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, env[k]]))).toEqual(expected);
  });

  it.each(['dev', 'prod'])("are the launcher's in the Kubernetes overlay %s", (overlay) => {
    const manifests = build(path.join(ROOT, 'deploy/k8s/overlays', overlay));
    const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === 'media')!;
    const env = podSpec(deployment).containers[0].env as { name: string; value?: string }[];
    const values = Object.fromEntries(env.map((e) => [e.name, e.value]));
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, values[k]]))).toEqual(expected);
  });
});

describe('GitHub workflow', () => {
  it('lints, tests and builds an image per process', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const ci = parse(readFileSync(path.join(ROOT, '.github/workflows/ci.yml'), 'utf8')) as any;
    const steps = Object.values(ci.jobs).flatMap((j) => (j as { steps: { run?: string; uses?: string }[] }).steps);
    const runs = steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toMatch(/npm run lint/);
    expect(runs).toMatch(/npm test/);
    const images = Object.values(ci.jobs).find((j) =>
      (j as { steps: { uses?: string }[] }).steps.some((s) => s.uses?.startsWith('docker/build-push-action')),
    ) as { strategy: { matrix: { service: string[] } } };
    expect([...images.strategy.matrix.service].sort()).toEqual([...PROCESSES].sort());
  });
});

type Selector = {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values: string[] }[];
};

/** Whether a label selector selects these labels (matchLabels and `In` expressions: what these manifests use). */
function selects(selector: Selector, labels: Record<string, string>): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every((e) => {
    if (e.operator !== 'In') throw new Error(`selector operator ${e.operator} not handled`);
    return e.values.includes(labels[e.key]);
  });
  return byLabels && byExpressions;
}

const describeLabels = (labels?: Record<string, string>) =>
  Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join(',');

/** Every destination (peer and port) the egress policies selecting a pod allow it, as readable strings. */
function allowedEgress(manifests: Manifest[], labels: Record<string, string>): string[] {
  const policies = manifests.filter(
    (m) => m.kind === 'NetworkPolicy' && m.spec.policyTypes.includes('Egress') && selects(m.spec.podSelector, labels),
  );
  return policies.flatMap((p) =>
    (p.spec.egress ?? []).flatMap(
      (rule: {
        to?: { namespaceSelector?: Selector; podSelector?: Selector; ipBlock?: { cidr: string } }[];
        ports: { protocol: string; port: number }[];
      }) => {
        const peers = rule.to?.map((t) => {
          if (t.ipBlock) return `ip:${t.ipBlock.cidr}`;
          const ns = t.namespaceSelector
            ? `ns:${describeLabels(t.namespaceSelector.matchLabels).replace('kubernetes.io/metadata.name=', '')}`
            : '';
          const pods = t.podSelector ? `pods:${describeLabels(t.podSelector.matchLabels)}` : '';
          return [ns, pods].filter(Boolean).join(',');
        }) ?? ['anywhere'];
        return peers.flatMap((peer) => rule.ports.map((port) => `${peer} ${port.protocol}/${port.port}`));
      },
    ),
  );
}

/** A process's NATS user is its name, its password that user's key in the Secret souvenir-nats, its CA file mounted from nats-tls (ca.crt only). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expectOwnNatsCredentials(name: string, container: any, spec: any) {
  const env = container.env as {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string } };
  }[];
  expect([name, env.find((e) => e.name === 'NATS_USER')?.value]).toEqual([name, name]);
  expect([name, env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef]).toEqual([
    name,
    { name: 'souvenir-nats', key: name },
  ]);
  const caFile = env.find((e) => e.name === 'NATS_CA_FILE')!.value!;
  const mount = (container.volumeMounts as { name: string; mountPath: string }[]).find((m) =>
    caFile.startsWith(`${m.mountPath}/`),
  )!;
  const volume = (
    spec.volumes as { name: string; secret?: { secretName: string; items: { key: string; path: string }[] } }[]
  ).find((v) => v.name === mount.name)!;
  expect(volume.secret).toEqual({
    secretName: 'nats-tls',
    items: [{ key: 'ca.crt', path: caFile.slice(mount.mountPath.length + 1) }],
  });
}
