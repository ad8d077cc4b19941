import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NATS_SERVICES, type NatsPrincipal } from '@souvenir/contracts';

export const ROOT = path.resolve(__dirname, '..', '..');
export const SERVICES = NATS_SERVICES;
export const PROCESSES: readonly NatsPrincipal[] = [...SERVICES, 'gateway'];
export type ProcessName = NatsPrincipal;

/** Variables only tests use (the Stripe SDK pointed at a local stub): never set in a deployment. */
export const TEST_ONLY_VARIABLES = new Set(['STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL']);

/** Property names declared in a config class source (`NAME = ...` / `NAME: type = ...`, `override` allowed). */
function declaredVariables(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(/^\s*(?:override\s+)?([A-Z][A-Z0-9_]+)\s*(?::[^=;]+)?=/gm)].map((m) => m[1]);
}

/**
 * Every environment variable a process's config class reads (NATS client settings; services: ServiceConfig plus their
 * own; and the shared session settings for a class that mixes in libs/platform's `withSessionConfig`).
 */
export function configVariables(process: ProcessName): string[] {
  const nats = declaredVariables('libs/platform/src/nats/nats-client-config.ts');
  const file =
    process === 'gateway'
      ? 'gateway/src/config/gateway.config.ts'
      : `services/${process}/src/config/${process}.config.ts`;
  const session = readFileSync(path.join(ROOT, file), 'utf8').includes('withSessionConfig(')
    ? declaredVariables('libs/platform/src/config/session-config.ts')
    : [];
  const own =
    process === 'gateway'
      ? [...nats, ...session, ...declaredVariables(file)]
      : [
          ...nats,
          ...declaredVariables('libs/platform/src/config/service-config.ts'),
          ...session,
          ...declaredVariables(file),
        ];
  return [...new Set(own)];
}

export function deployedVariables(process: ProcessName): string[] {
  return configVariables(process).filter((v) => !TEST_ONLY_VARIABLES.has(v));
}

/** A built process (`dist/main.js`) started with Node 24 and the given environment; its stdout lines kept. */
export function startProcess(
  name: ProcessName,
  env: Record<string, string>,
): { child: ChildProcess; lines: string[]; exited: Promise<number | null> } {
  const entry =
    name === 'gateway' ? path.join(ROOT, 'gateway/dist/main.js') : path.join(ROOT, `services/${name}/dist/main.js`);
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.on('data', (d: Buffer) => lines.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

export async function waitReady(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

/** Parsed JSON log lines. */
export function jsonLines(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}
