import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import {
  standIn,
  startMailDev,
  startServiceProcess,
  startTestInfra,
  type MailDevServer,
  type ServiceName,
  type ServiceProcess,
  type TestInfra,
} from '@souvenir/testing';
import request from 'supertest';
import { startGateway } from './gateway-harness';

/** The services a gateway suite can start, by the name a spec asks for them (each its own process, from its build). */
export type ServiceKey = ServiceName;

/** The site's address in the links notifications mails (a suite with `mail` finds them there). */
export const PUBLIC_URL = 'http://localhost:3000';

export interface GatewayWorldOptions {
  /** The services to start, in this order (media first wherever it is listed: the others are told its address). */
  services: ServiceKey[];
  /** A MailDev of the suite's own, notifications (which must be listed) sending every mail to it. */
  mail?: boolean;
  /** More environment for the gateway, on top of `startGateway`'s (media's address when media is listed). */
  gateway?: Record<string, string>;
  /** More environment for a service. */
  env?: Partial<Record<ServiceKey, Record<string, string>>>;
  /** For the set-up itself (several services, their migrations). */
  setupTimeoutMs?: number;
}

/** What a gateway suite's tests use: each is there from the suite's `beforeAll` on. */
export interface GatewayWorld {
  infra: TestInfra;
  /** The gateway, as main.ts builds it. */
  gateway: INestApplication;
  /** supertest on the gateway. */
  http: ReturnType<typeof request>;
  /** The suite's MailDev (only with `mail`). */
  maildev: MailDevServer;
}

/**
 * Fresh infra, the named services started against it as their own processes (`services/<name>/dist/main.js`: build
 * them first), MailDev when asked, and the gateway before the
 * suite's tests, all closed after them (in reverse order): the `beforeAll`/`afterAll` of a gateway end-to-end suite.
 *
 * Call it at the top level of the spec: `const { http, infra } = gatewayWorld({ services: ['identity', 'catalog'] })`.
 * The values are stand-ins that reach the real objects once `beforeAll` has run (the spec's own `beforeAll`s, declared
 * after this call, run later), as `serviceSuite`'s do.
 */
export function gatewayWorld({
  services,
  mail = false,
  gateway: gatewayEnv = {},
  env = {},
  setupTimeoutMs = 120_000,
}: GatewayWorldOptions): GatewayWorld {
  if (mail && !services.includes('notifications')) throw new Error('gatewayWorld: mail needs notifications');
  const state: { infra?: TestInfra; maildev?: MailDevServer; gateway?: INestApplication; http?: GatewayWorld['http'] } =
    {};
  const processes: ServiceProcess[] = [];
  let mediaDir: string | undefined;

  beforeAll(async () => {
    const infra = (state.infra = await startTestInfra());
    const extra: Partial<Record<ServiceKey, Record<string, string>>> = {};
    if (mail) {
      state.maildev = await startMailDev();
      extra.notifications = { SMTP_URL: state.maildev.smtpUrl, PUBLIC_URL, MAIL_POLL_MS: '100' };
    }
    const start = async (key: ServiceKey) => {
      const service = await startServiceProcess(key, infra, { ...extra[key], ...env[key] });
      processes.push(service);
      return service;
    };
    let mediaEnv: Record<string, string> = {};
    if (services.includes('media')) {
      mediaDir = await mkdtemp(path.join(tmpdir(), 'gateway-world-'));
      extra.media = { MEDIA_DIR: mediaDir };
      const media = await start('media');
      const mediaUrl = media.url;
      extra.identity = { MEDIA_INTERNAL_URL: mediaUrl };
      mediaEnv = { MEDIA_URL: mediaUrl, MEDIA_INTERNAL_URL: mediaUrl };
    }
    for (const key of services) if (key !== 'media') await start(key);
    state.gateway = await startGateway(infra, { ...mediaEnv, ...gatewayEnv });
    state.http = request(state.gateway.getHttpServer());
  }, setupTimeoutMs);

  afterAll(async () => {
    await state.gateway?.close();
    // A service that stopped by itself during the suite says why (its tests failed with a 5xx or a timeout).
    for (const service of processes)
      if (!service.running()) process.stderr.write(`${service.name} stopped during the suite:\n${service.logs()}\n`);
    await Promise.all(processes.map((service) => service.stop()));
    await state.maildev?.stop();
    await state.infra?.stop();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  return {
    infra: standIn(() => state.infra, 'gatewayWorld: infra'),
    gateway: standIn(() => state.gateway, 'gatewayWorld: gateway'),
    http: standIn(() => state.http, 'gatewayWorld: http'),
    maildev: standIn(() => {
      if (!mail) throw new Error('gatewayWorld: maildev needs { mail: true }');
      return state.maildev;
    }, 'gatewayWorld: maildev'),
  };
}
