import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { durableConsumerName, EVENT_STREAM, NATS_GRANTS } from '@souvenir/contracts';
import { build } from './kustomize';
import { PROCESSES, ROOT } from './support';

// The opt-in KEDA component (deploy/k8s/components/keda) on the base, as an operator's overlay would add it (kustomize
// takes relative paths only).
const overlay = mkdtempSync(path.join(tmpdir(), 'keda-overlay-'));
writeFileSync(
  path.join(overlay, 'kustomization.yaml'),
  [
    'apiVersion: kustomize.config.k8s.io/v1beta1',
    'kind: Kustomization',
    'namespace: souvenir',
    'resources:',
    `  - ${path.relative(overlay, path.join(ROOT, 'deploy/k8s/base'))}`,
    'components:',
    `  - ${path.relative(overlay, path.join(ROOT, 'deploy/k8s/components/keda'))}`,
  ].join('\n'),
);
const manifests = build(overlay);
const find = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
const consumers = Object.entries(NATS_GRANTS).filter(([, grant]) => grant.consumes.length > 0);

it('scales each process with durable consumers on its CPU and on the lag of each of them (regenerate: node deploy/nats/generate.mjs)', () => {
  expect(consumers.length).toBeGreaterThan(0);
  for (const [name, grant] of consumers) {
    const scaled = find('ScaledObject', name)!;
    expect([name, scaled?.spec.scaleTargetRef]).toEqual([name, { name }]);
    const triggers = scaled.spec.triggers as { type: string; metadata: Record<string, string> }[];
    expect(triggers.filter((t) => t.type === 'cpu').map((t) => t.metadata.value)).toEqual(['700m']);
    const lag = triggers.filter((t) => t.type === 'nats-jetstream');
    expect(lag.map((t) => t.metadata.consumer).sort()).toEqual(
      grant.consumes.map((subject) => durableConsumerName(name, subject)).sort(),
    );
    for (const t of lag) expect(t.metadata).toMatchObject({ stream: EVENT_STREAM.name, account: '$G' });
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(2);
    // KEDA owns this process's autoscaler: a second one would fight it.
    expect(find('HorizontalPodAutoscaler', name)).toBeUndefined();
  }
});

it('keeps the CPU autoscaler of every process without consumers, and lets only KEDA read NATS monitoring', () => {
  const scaled = new Set(consumers.map(([name]) => name));
  for (const name of PROCESSES.filter((p) => !scaled.has(p)))
    expect(find('HorizontalPodAutoscaler', name)?.spec.scaleTargetRef.name).toBe(name);
  expect(find('Service', 'nats')!.spec.ports).toEqual(
    expect.arrayContaining([{ name: 'monitor', port: 8222, targetPort: 'monitor' }]),
  );
  const access = find('NetworkPolicy', 'nats-monitoring-from-keda')!;
  expect(access.spec.ingress).toEqual([
    {
      from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'keda' } } }],
      ports: [{ protocol: 'TCP', port: 8222 }],
    },
  ]);
  expect(manifests.every((m) => m.metadata.namespace === 'souvenir')).toBe(true);
});

// The real kustomize (kubectl's) where the machine has it: the same resources as this renderer, none failing to build.
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
(kubectl ? it : it.skip).each([
  ['dev', path.join(ROOT, 'deploy/k8s/overlays/dev')],
  ['prod', path.join(ROOT, 'deploy/k8s/overlays/prod')],
  ['base + keda', overlay],
])('kubectl kustomize builds %s with the resources this renderer makes', (_name, dir) => {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.stderr).toBe('');
  const ids = (docs: { kind: string; metadata: { name: string } }[]) =>
    docs.map((m) => `${m.kind}/${m.metadata.name}`).sort();
  expect(ids(parseAllDocuments(run.stdout).map((d) => d.toJS()))).toEqual(ids(build(dir)));
});
