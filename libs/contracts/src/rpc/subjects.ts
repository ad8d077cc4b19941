import { CATALOG_REQUEST_TYPES, CATALOG_RPC, type CatalogContracts } from '../catalog/catalog.subjects';
import { FAVOURITES_REQUEST_TYPES, FAVOURITES_RPC, type FavouritesContracts } from '../favourites/favourites.subjects';
import { IDENTITY_REQUEST_TYPES, IDENTITY_RPC, type IdentityContracts } from '../identity/identity.subjects';
import { MESSAGING_REQUEST_TYPES, MESSAGING_RPC, type MessagingContracts } from '../messaging/messaging.subjects';
import { PAYMENTS_REQUEST_TYPES, PAYMENTS_RPC, type PaymentsContracts } from '../payments/payments.subjects';

export type { Contract, Done } from './contract';

/**
 * Request/reply subjects: `<service>.<aggregate>.<verb>`, served in a queue group named after the service.
 * Each service's subjects, contracts and request classes live in its own `<service>.subjects.ts`.
 */
export const RPC = {
  identity: IDENTITY_RPC,
  catalog: CATALOG_RPC,
  favourites: FAVOURITES_RPC,
  messaging: MESSAGING_RPC,
  payments: PAYMENTS_RPC,
} as const;

/** Every subject with its request class and reply type: the compiler ties both ends to it. */
export interface RpcContracts
  extends IdentityContracts, CatalogContracts, FavouritesContracts, MessagingContracts, PaymentsContracts {}

export type RpcSubject = keyof RpcContracts;
export type RpcRequest<S extends RpcSubject> = RpcContracts[S]['request'];
export type RpcResponse<S extends RpcSubject> = RpcContracts[S]['response'];

/** The class that validates each subject's inbound payload (a missing or wrong class does not compile). */
export const RPC_REQUEST_TYPES: { [S in RpcSubject]: new () => RpcRequest<S> } = {
  ...IDENTITY_REQUEST_TYPES,
  ...CATALOG_REQUEST_TYPES,
  ...FAVOURITES_REQUEST_TYPES,
  ...MESSAGING_REQUEST_TYPES,
  ...PAYMENTS_REQUEST_TYPES,
};
