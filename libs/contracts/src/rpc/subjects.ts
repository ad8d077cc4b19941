/*
 * Request/reply subjects: `<service>.<aggregate>.<verb>`, served in a queue group named after the service.
 *
 * Each subject is declared once, in its service's `<service>.subjects.ts`, with its request class and reply type:
 *
 *   export const CATALOG_RPC = defineRpc('catalog', {
 *     getProduct: rpc('catalog.product.get', GetProductRequest).returns<ProductDto>(),
 *   });
 *
 * (request classes in `<service>.rpc.ts`). Everything else is derived here from RPC_TABLES: `RPC.catalog.getProduct`,
 * the contract map that types `RpcClient.send` and `@RpcHandler` (`RpcSubject`, `RpcRequest`, `RpcResponse`), and
 * `RPC_REQUEST_TYPES`, which validates inbound requests. A new service adds its table to RPC_TABLES (and its grants to
 * nats/nats-permissions.ts); a new subject is one line in its service's table.
 */
import { CATALOG_RPC } from '../catalog/catalog.subjects';
import { FAVOURITES_RPC } from '../favourites/favourites.subjects';
import { IDENTITY_RPC } from '../identity/identity.subjects';
import { MEDIA_RPC } from '../media/media.subjects';
import { MESSAGING_RPC } from '../messaging/messaging.subjects';
import { NOTIFICATIONS_RPC } from '../notifications/notifications.subjects';
import { PAYMENTS_RPC } from '../payments/payments.subjects';
import { REVIEWS_RPC } from '../reviews/reviews.subjects';
import { MODERATION_RPC } from '../moderation/moderation.subjects';
import { ALERTS_RPC } from '../alerts/alerts.subjects';
import { bySubject, subjectsByService, type DeclarationOf } from '../subject-tables';
import type { ContractOf } from './contract';

export type { Contract, Done } from './contract';

/** Every service's request/reply declarations, by service name (its NATS user and queue group). */
const RPC_TABLES = {
  identity: IDENTITY_RPC,
  catalog: CATALOG_RPC,
  favourites: FAVOURITES_RPC,
  messaging: MESSAGING_RPC,
  payments: PAYMENTS_RPC,
  reviews: REVIEWS_RPC,
  notifications: NOTIFICATIONS_RPC,
  media: MEDIA_RPC,
  moderation: MODERATION_RPC,
  alerts: ALERTS_RPC,
} as const;

/** Subjects by service and name: `RPC.catalog.getProduct` is `'catalog.product.get'`. */
export const RPC = subjectsByService(RPC_TABLES);

type RpcDeclaration = DeclarationOf<typeof RPC_TABLES>;

/** Every subject with its request and reply types: the compiler ties both ends to it. */
export type RpcContracts = { [D in RpcDeclaration as D['subject']]: ContractOf<D> };

export type RpcSubject = keyof RpcContracts;
export type RpcRequest<S extends RpcSubject> = RpcContracts[S]['request'];
export type RpcResponse<S extends RpcSubject> = RpcContracts[S]['response'];

/** The class that validates each subject's inbound payload. */
export const RPC_REQUEST_TYPES = bySubject(RPC_TABLES, (declaration) => declaration.request) as {
  readonly [S in RpcSubject]: new () => RpcRequest<S>;
};
