import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { freePort, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import request from 'supertest';
import { startGateway } from '../../gateway/test/gateway-harness';
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
import { AppModule as PaymentsModule, SERVICE_NAME as PAYMENTS } from '../../services/payments/src/app.module';
import { PaymentsConfig } from '../../services/payments/src/config/payments.config';
import { AppModule as ReviewsModule, SERVICE_NAME as REVIEWS } from '../../services/reviews/src/app.module';
import { ReviewsConfig } from '../../services/reviews/src/config/reviews.config';
import { AppModule as ModerationModule, SERVICE_NAME as MODERATION } from '../../services/moderation/src/app.module';
import { ModerationConfig } from '../../services/moderation/src/config/moderation.config';
import { AppModule as AlertsModule, SERVICE_NAME as ALERTS } from '../../services/alerts/src/app.module';
import { AlertsConfig } from '../../services/alerts/src/config/alerts.config';
import { NotificationsConfig } from '../../services/notifications/src/config/notifications.config';
import {
  AppModule as NotificationsModule,
  SERVICE_NAME as NOTIFICATIONS,
} from '../../services/notifications/src/app.module';

export type Http = ReturnType<typeof request>;

/** Every domain service in-process against one suite's infra (as the gateway tests boot them). */
export async function startAllServices(
  infra: TestInfra,
  env: Record<string, string> = {},
): Promise<Record<string, INestApplication>> {
  const apps: Record<string, INestApplication> = {};
  apps.identity = await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), infra, env);
  apps.catalog = await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), infra, env);
  apps.favourites = await startService(FAVOURITES, FavouritesConfig, (c) => FavouritesModule.register(c), infra, env);
  apps.messaging = await startService(MESSAGING, MessagingConfig, (c) => MessagingModule.register(c), infra, env);
  apps.payments = await startService(PAYMENTS, PaymentsConfig, (c) => PaymentsModule.register(c), infra, env);
  apps.reviews = await startService(REVIEWS, ReviewsConfig, (c) => ReviewsModule.register(c), infra, env);
  apps.moderation = await startService(MODERATION, ModerationConfig, (c) => ModerationModule.register(c), infra, env);
  apps.alerts = await startService(ALERTS, AlertsConfig, (c) => AlertsModule.register(c), infra, env);
  apps.notifications = await startService(
    NOTIFICATIONS,
    NotificationsConfig,
    (c) => NotificationsModule.register(c),
    infra,
    env,
  );
  return apps;
}

export interface World {
  infra: TestInfra;
  services: Record<string, INestApplication>;
  gateway: INestApplication;
  http: Http;
  stop(): Promise<void>;
}

/**
 * Infra + all services + one gateway (in-process). Media runs too, behind the gateway as `npm start` runs it (the
 * gateway proxies `/api/uploads` and `/media/` there), with its images in a temporary folder.
 */
export async function startWorld(gatewayEnv: Record<string, string> = {}): Promise<World> {
  const infra = await startTestInfra();
  // Known before identity starts: its data export job writes archives into media.
  const mediaPort = await freePort();
  const mediaUrl = `http://127.0.0.1:${mediaPort}`;
  const services = await startAllServices(infra, { MEDIA_INTERNAL_URL: mediaUrl });
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'world-media-'));
  services.media = await startService(MEDIA, MediaConfig, (c) => MediaModule.register(c), infra, {
    MEDIA_DIR: mediaDir,
    WRITE_LIMIT_UPLOADS: '100000/60',
    HTTP_PORT: String(mediaPort),
  });
  // Failed sign-ins per account and client out of the way too (fuzzing sends wrong passwords, then signs in again).
  const gateway = await startGateway(infra, {
    RPC_TIMEOUT_MS: '3000',
    LOGIN_FREE_FAILURES_PER_CLIENT: '100000',
    MEDIA_URL: mediaUrl,
    MEDIA_INTERNAL_URL: mediaUrl,
    ...gatewayEnv,
  });
  return {
    infra,
    services,
    gateway,
    http: request(gateway.getHttpServer()),
    async stop() {
      await gateway.close().catch(() => undefined);
      for (const s of Object.values(services).reverse()) await s.close().catch(() => undefined);
      await infra.stop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every public route of the site: the gateway's own, and media's (`/api/uploads`, `/media/:key`), which the gateway
 * (or the ingress) passes on without knowing them as routes. Media's health probes are not public.
 */
export function publicRoutes(world: World): string[] {
  const media = world.services.media ? listRoutes(world.services.media) : [];
  return [...listRoutes(world.gateway), ...media.filter((r) => / \/(api|media)\//.test(r))].sort();
}

export const cookieOf = (res: { headers: Record<string, unknown> }): string =>
  String((res.headers['set-cookie'] as string[] | undefined)?.[0] ?? '').split(';')[0];

export interface Account {
  id: string;
  username: string;
  cookie: string;
}

let serial = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(serial++).toString(36)}`;

export async function register(
  http: Http,
  username = unique('u'),
  extra: Record<string, unknown> = {},
): Promise<Account> {
  const res = await http.post('/api/auth/register').send({
    email: `${username}@example.com`,
    password: 'secret1',
    username,
    firstName: 'Fn',
    lastName: 'Ln',
    location: 'Lisbon',
    ...extra,
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, username, cookie: cookieOf(res) };
}

export async function login(http: Http, username: string): Promise<string> {
  const res = await http.post('/api/auth/login').send({ username, password: 'secret1' });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return cookieOf(res);
}

export const listing = (title = 'Hand-woven souvenir basket', extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Carried home from a long trip, customs cleared and carefully wrapped.',
  price: '25.00',
  condition: 'new',
  category: 'Home Decor',
  country: 'Peru',
  images: ['https://example.com/a.jpg'],
  isCustomsVerified: true,
  ...extra,
});

export async function createProduct(http: Http, cookie: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await http.post('/api/products').set('Cookie', cookie).send(listing(undefined, extra));
  if (res.status !== 201) throw new Error(`create product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export const shipping = {
  billingStreet: '1 Main St',
  billingCity: 'Springfield',
  billingZip: '10001',
  sameAsDelivery: true,
};
export const guestInfo = { ...shipping, email: 'gia@example.com', firstName: 'Gia', lastName: 'Guest' };

/** The API's error shape: `{ statusCode, message, errors? }` and nothing else. */
export function expectErrorShape(body: unknown, status: number): void {
  expect(body).toEqual(expect.objectContaining({ statusCode: status, message: expect.any(String) }));
  const b = body as Record<string, unknown>;
  // `twoFactorRequired`: the login's 401 when the password was right and a code is wanted (API.md).
  for (const key of Object.keys(b)) expect(['statusCode', 'message', 'errors', 'twoFactorRequired']).toContain(key);
  if (b.errors !== undefined) {
    expect(Array.isArray(b.errors)).toBe(true);
    for (const e of b.errors as unknown[])
      expect(e).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
}

/** Every route the gateway's express router knows: `METHOD /path`. */
export function listRoutes(gateway: INestApplication): string[] {
  const instance = gateway.getHttpAdapter().getInstance() as {
    router?: { stack: Layer[] };
    _router?: { stack: Layer[] };
  };
  const stack = (instance.router ?? instance._router)!.stack;
  const routes = new Set<string>();
  for (const layer of stack) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && method !== '_all') routes.add(`${method.toUpperCase()} ${layer.route.path}`);
  }
  return [...routes].sort();
}
interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}
