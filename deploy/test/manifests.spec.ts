import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { build, podSpec, type Manifest } from './kustomize';
import { configVariables, deployedVariables, PROCESSES, ROOT, SERVICES } from './support';

const SECRET_KEYS = ['DATABASE_URL', 'SESSION_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'REDIS_URL'];

it('reads the variables from the config classes', () => {
  expect(configVariables('gateway')).toEqual(expect.arrayContaining(['NODE_ENV', 'PORT', 'METRICS_PORT', 'NATS_URL', 'REDIS_URL', 'SESSION_SECRET', 'TRUST_PROXY_HOPS', 'WEB_DIST']));
  expect(configVariables('identity')).toEqual(expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'NATS_URL', 'HTTP_PORT', 'EVENT_STREAM']));
  expect(deployedVariables('payments')).toEqual(expect.arrayContaining(['DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']));
  expect(deployedVariables('payments')).not.toContain('STRIPE_API_HOST');
});

describe('docker-compose.yml', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, any>; volumes: Record<string, unknown> };

  it('runs Postgres 16, Redis 7 and NATS 2.10 with JetStream on a persistent volume, all health-checked', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:16/);
    expect(compose.services.redis.image).toMatch(/^redis:7/);
    expect(compose.services.nats.image).toMatch(/^nats:2\.10/);
    expect(compose.services.nats.command).toEqual(expect.arrayContaining(['--jetstream']));
    const store = compose.services.nats.command[compose.services.nats.command.indexOf('--store_dir') + 1];
    expect(compose.services.nats.volumes.some((v: string) => v.endsWith(`:${store}`) && v.split(':')[0] in compose.volumes)).toBe(true);
    for (const s of ['postgres', 'redis', 'nats']) expect(compose.services[s].healthcheck.test).toBeDefined();
  });

  it.each(PROCESSES)('%s: built from deploy/Dockerfile for its SERVICE, health-checked on /readyz, every config variable set', (name) => {
    const service = compose.services[name];
    expect(service).toBeDefined();
    expect(service.build).toMatchObject({ context: '.', dockerfile: 'deploy/Dockerfile', args: { SERVICE: name } });
    expect(service.healthcheck.test.join(' ')).toMatch(/\/readyz/);
    const env = service.environment as Record<string, string>;
    const port = name === 'gateway' ? env.PORT : env.HTTP_PORT;
    expect(service.healthcheck.test.join(' ')).toContain(`127.0.0.1:${port}/readyz`);
    expect(Object.keys(env).sort()).toEqual(expect.arrayContaining(deployedVariables(name)));
    for (const dep of Object.values(service.depends_on as Record<string, { condition: string }>)) expect(dep.condition).toBe('service_healthy');
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
    expect(new Set(manifests.map((m) => m.metadata.namespace))).toEqual(new Set([overlay === 'prod' ? 'souvenir' : 'souvenir-dev']));
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
    for (const key of SECRET_KEYS) expect(configMap.data).not.toHaveProperty(key);
  });

  it.each(PROCESSES)('%s: Deployment with probes, resources, hardened security context, graceful stop and every config variable', (name) => {
    const deployment = find('Deployment', name)!;
    expect(deployment).toBeDefined();
    const spec = podSpec(deployment);
    const [container] = spec.containers;
    expect(container.image).toMatch(new RegExp(`/${name}:`));
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    for (const r of ['requests', 'limits']) expect(Object.keys(container.resources[r]).sort()).toEqual(['cpu', 'memory']);
    expect(spec.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
    const preStop = Number(container.lifecycle.preStop.exec.command[1]);
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStop + 15 + 5); // preStop + drain deadline + margin

    const fromConfigMap = container.envFrom.some((e: { configMapRef?: { name: string } }) => e.configMapRef?.name === 'souvenir-config')
      ? Object.keys(configMap.data) : [];
    const env = container.env as { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
    const provided = new Set([...fromConfigMap, ...env.map((e) => e.name)]);
    for (const variable of deployedVariables(name)) expect([variable, provided.has(variable)]).toEqual([variable, true]);
    for (const e of env.filter((x) => SECRET_KEYS.includes(x.name))) {
      expect(e.value).toBeUndefined();
      expect(e.valueFrom?.secretKeyRef).toMatchObject({ name: 'souvenir-secrets', key: e.name });
    }
    const port = env.find((e) => e.name === (name === 'gateway' ? 'PORT' : 'HTTP_PORT'))!.value;
    expect(container.ports.find((p: { name: string }) => p.name === 'http').containerPort).toBe(Number(port));

    expect(find('Service', name)).toBeDefined();
    expect(find('PodDisruptionBudget', name)?.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
  });

  it('autoscales messaging and the gateway, each on its own', () => {
    for (const name of ['messaging', 'gateway']) {
      const hpa = find('HorizontalPodAutoscaler', name)!;
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    }
  });

  it('exposes only the gateway through the Ingress, behind one trusted proxy hop', () => {
    const ingresses = manifests.filter((m) => m.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ingresses[0].spec.rules.flatMap((r: { http: { paths: { backend: { service: { name: string } } }[] } }) => r.http.paths.map((p) => p.backend.service.name));
    expect(new Set(backends)).toEqual(new Set(['gateway']));
    expect(configMap.data.TRUST_PROXY_HOPS).toBe('1');
  });

  it('denies by default; services take traffic only from the gateway on their health port', () => {
    const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
    const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0)!;
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(deny.spec.ingress).toBeUndefined();
    const servicesIngress = policies.find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === 'service')!;
    const [rule] = servicesIngress.spec.ingress;
    expect(rule.ports).toEqual([{ protocol: 'TCP', port: 8080 }]);
    expect(rule.from).toContainEqual({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/part-of': 'souvenir' } } });
    for (const name of SERVICES) {
      expect(find('Deployment', name)!.spec.template.metadata.labels['app.kubernetes.io/component']).toBe('service');
    }
    const egressPorts = policies.flatMap((p) => (p.spec.egress ?? []).flatMap((e: { ports?: { port: number }[] }) => e.ports ?? []).map((x: { port: number }) => x.port));
    expect(egressPorts).toEqual(expect.arrayContaining([53, 5432, 6379, 4222]));
  });

  it('has a migrations Job running every service image with MIGRATE_ONLY=1', () => {
    const job = find('Job', 'migrate') as Manifest;
    const containers = podSpec(job).containers as { name: string; image: string; env: { name: string; value?: string }[] }[];
    expect(containers.map((c) => c.name).sort()).toEqual([...SERVICES].sort());
    for (const c of containers) {
      expect(c.env).toContainEqual({ name: 'MIGRATE_ONLY', value: '1' });
      expect(c.image).toBe(podSpec(find('Deployment', c.name)!).containers[0].image);
    }
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
    const images = Object.values(ci.jobs).find((j) => (j as { steps: { uses?: string }[] }).steps.some((s) => s.uses?.startsWith('docker/build-push-action'))) as { strategy: { matrix: { service: string[] } } };
    expect([...images.strategy.matrix.service].sort()).toEqual([...PROCESSES].sort());
  });
});
