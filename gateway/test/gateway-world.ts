import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import {
  standIn,
  startMailDev,
  startService,
  startTestInfra,
  type MailDevServer,
  type ServiceUnderTest,
  type TestInfra,
} from '@souvenir/testing';
import request from 'supertest';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../services/catalog/src/app.module';
import { CatalogConfig } from '../../services/catalog/src/config/catalog.config';
import { AppModule as FavouritesModule, SERVICE_NAME as FAVOURITES } from '../../services/favourites/src/app.module';
import { FavouritesConfig } from '../../services/favourites/src/config/favourites.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../services/identity/src/app.module';
import { IdentityConfig } from '../../services/identity/src/config/identity.config';
import { AppModule as MediaModule, SERVICE_NAME as MEDIA } from '../../services/media/src/app.module';
import { MediaConfig } from '../../services/media/src/config/media.config';
import { AppModule as MessagingModule, SERVICE_NAME as MESSAGING } from '../../services/messaging/src/app.module';
import { MessagingConfig } from '../../services/messaging/src/config/messaging.config';
import {
  AppModule as NotificationsModule,
  SERVICE_NAME as NOTIFICATIONS,
} from '../../services/notifications/src/app.module';
import { NotificationsConfig } from '../../services/notifications/src/config/notifications.config';
import { AppModule as PaymentsModule, SERVICE_NAME as PAYMENTS } from '../../services/payments/src/app.module';
import { PaymentsConfig } from '../../services/payments/src/config/payments.config';
import { AppModule as ReviewsModule, SERVICE_NAME as REVIEWS } from '../../services/reviews/src/app.module';
import { ReviewsConfig } from '../../services/reviews/src/config/reviews.config';
import { AppModule as ModerationModule, SERVICE_NAME as MODERATION } from '../../services/moderation/src/app.module';
import { ModerationConfig } from '../../services/moderation/src/config/moderation.config';
import { AppModule as AlertsModule, SERVICE_NAME as ALERTS } from '../../services/alerts/src/app.module';
import { AlertsConfig } from '../../services/alerts/src/config/alerts.config';
import { startGateway } from './gateway-harness';

/** The services a gateway suite can start, by the name a spec asks for them. */
const SERVICES = {
  identity: { name: IDENTITY, module: IdentityModule, config: IdentityConfig },
  catalog: { name: CATALOG, module: CatalogModule, config: CatalogConfig },
  favourites: { name: FAVOURITES, module: FavouritesModule, config: FavouritesConfig },
  messaging: { name: MESSAGING, module: MessagingModule, config: MessagingConfig },
  payments: { name: PAYMENTS, module: PaymentsModule, config: PaymentsConfig },
  reviews: { name: REVIEWS, module: ReviewsModule, config: ReviewsConfig },
  notifications: { name: NOTIFICATIONS, module: NotificationsModule, config: NotificationsConfig },
  media: { name: MEDIA, module: MediaModule, config: MediaConfig },
  moderation: { name: MODERATION, module: ModerationModule, config: ModerationConfig },
  alerts: { name: ALERTS, module: AlertsModule, config: AlertsConfig },
} satisfies Record<string, ServiceUnderTest>;

export type ServiceKey = keyof typeof SERVICES;

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
 * Fresh infra, the named services booted in-process against it, MailDev when asked, and the gateway before the
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
  const apps: INestApplication[] = [];
  let mediaDir: string | undefined;

  beforeAll(async () => {
    const infra = (state.infra = await startTestInfra());
    const extra: Partial<Record<ServiceKey, Record<string, string>>> = {};
    if (mail) {
      state.maildev = await startMailDev();
      extra.notifications = { SMTP_URL: state.maildev.smtpUrl, PUBLIC_URL, MAIL_POLL_MS: '100' };
    }
    const start = async (key: ServiceKey) => {
      const { name, module, config } = SERVICES[key] as ServiceUnderTest;
      const app = await startService(name, config, (c) => module.register(c), infra, { ...extra[key], ...env[key] });
      apps.push(app);
      return app;
    };
    let mediaEnv: Record<string, string> = {};
    if (services.includes('media')) {
      mediaDir = await mkdtemp(path.join(tmpdir(), 'gateway-world-'));
      extra.media = { MEDIA_DIR: mediaDir };
      const media = await start('media');
      const mediaUrl = new URL((await media.getUrl()).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1'))
        .origin;
      extra.identity = { MEDIA_INTERNAL_URL: mediaUrl };
      mediaEnv = { MEDIA_URL: mediaUrl, MEDIA_INTERNAL_URL: mediaUrl };
    }
    for (const key of services) if (key !== 'media') await start(key);
    state.gateway = await startGateway(infra, { ...mediaEnv, ...gatewayEnv });
    state.http = request(state.gateway.getHttpServer());
  }, setupTimeoutMs);

  afterAll(async () => {
    await state.gateway?.close();
    for (const app of apps.reverse()) await app.close();
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
