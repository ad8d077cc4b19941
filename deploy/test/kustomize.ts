import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/* eslint-disable @typescript-eslint/no-explicit-any -- a manifest is whatever YAML the overlay renders */
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [k: string]: any };
  [k: string]: any;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

function readDocs(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => {
      if (d.errors.length) throw new Error(`${file}: ${d.errors[0].message}`);
      return d.toJS() as Manifest;
    })
    .filter(Boolean);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Strategic merge as kustomize applies it for what these manifests use: maps merge deeply, lists of objects
 * with a `name` (containers, env, ports, volumes) merge by name, other lists are replaced.
 */
export function strategicMerge(target: unknown, patch: unknown): unknown {
  if (isObject(target) && isObject(patch)) {
    const out: Record<string, unknown> = { ...target };
    for (const [k, v] of Object.entries(patch)) out[k] = k in target ? strategicMerge(target[k], v) : v;
    return out;
  }
  if (
    Array.isArray(target) &&
    Array.isArray(patch) &&
    patch.every((p) => isObject(p) && typeof p.name === 'string') &&
    target.every((t) => isObject(t) && typeof t.name === 'string')
  ) {
    const out = [...target] as Record<string, unknown>[];
    for (const p of patch as Record<string, unknown>[]) {
      const i = out.findIndex((t) => t.name === p.name);
      if (i >= 0) out[i] = strategicMerge(out[i], p) as Record<string, unknown>;
      else out.push(p);
    }
    return out;
  }
  return patch;
}

interface Kustomization {
  resources?: string[];
  components?: string[];
  namespace?: string;
  patches?: ({ path: string } | { patch: string })[];
  images?: { name: string; newTag?: string; newName?: string }[];
}

/** Applies a kustomization's (or a component's) patches, from files or inline; `$patch: delete` removes the resource. */
function applyPatches(dir: string, k: Kustomization, out: Manifest[]): Manifest[] {
  for (const p of k.patches ?? []) {
    const patches = 'path' in p ? readDocs(path.join(dir, p.path)) : [parse(p.patch) as Manifest];
    for (const patch of patches) {
      const i = out.findIndex((m) => m.kind === patch.kind && m.metadata.name === patch.metadata.name);
      if (i < 0) throw new Error(`${dir}: no ${patch.kind}/${patch.metadata.name} to patch`);
      if (patch.$patch === 'delete') out.splice(i, 1);
      else out[i] = strategicMerge(out[i], patch) as Manifest;
    }
  }
  return out;
}

/**
 * `kustomize build <dir>` for the features used here: resources, components (their resources and patches applied
 * after the parent's resources, before its own patches), namespace, images (newTag), patches.
 */
export function build(dir: string): Manifest[] {
  const k = readDocs(path.join(dir, 'kustomization.yaml'))[0] as unknown as Kustomization;
  let out: Manifest[] = [];
  const addResources = (from: string, resources: string[] = []) => {
    for (const r of resources) {
      const full = path.resolve(from, r);
      out.push(...(r.endsWith('.yaml') ? readDocs(full) : build(full)));
    }
  };
  addResources(dir, k.resources);
  for (const c of k.components ?? []) {
    const componentDir = path.resolve(dir, c);
    const component = readDocs(path.join(componentDir, 'kustomization.yaml'))[0] as unknown as Kustomization;
    addResources(componentDir, component.resources);
    out = applyPatches(componentDir, component, out);
  }
  out = applyPatches(dir, k, out);
  if (k.namespace) out = out.map((m) => ({ ...m, metadata: { ...m.metadata, namespace: k.namespace } }));
  for (const image of k.images ?? []) {
    for (const m of out) {
      for (const c of podSpec(m)?.containers ?? []) {
        const [name] = (c.image as string).split(':');
        if (name === image.name) c.image = `${image.newName ?? name}:${image.newTag ?? 'latest'}`;
      }
    }
  }
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function podSpec(m: Manifest): any {
  if (m.kind === 'Deployment' || m.kind === 'Job' || m.kind === 'StatefulSet') return m.spec.template.spec;
  return undefined;
}
