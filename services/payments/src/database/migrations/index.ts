import { blocksReadModelMigration, outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { CreatePayments1732600000000 } from './1732600000000-create-payments';
import { SafeCheckout1733000000000 } from './1733000000000-safe-checkout';
import { OrderLifecycle1734000000000 } from './1734000000000-order-lifecycle';
import { PayoutsAndLedger1735000000000 } from './1735000000000-payouts-and-ledger';
import { SellerRecords1735100000000 } from './1735100000000-seller-records';
import { AuthoriseThenCapture1736600000000 } from './1736600000000-authorise-then-capture';
import { OrderCardLast41736700000000 } from './1736700000000-order-card-last4';
import { OrderLinks1737000000000 } from './1737000000000-order-links';
import { AddressBook1737200000000 } from './1737200000000-address-book';
import { OrderMessages1737400000000 } from './1737400000000-order-messages';
import { ClaimSellerPhotos1737500000000 } from './1737500000000-claim-seller-photos';
import { ClaimReturns1737600000000 } from './1737600000000-claim-returns';
import { Offers1738520000000 } from './1738520000000-offers';
import { OpenCheckoutIndex1737960000000 } from './1737960000000-open-checkout-index';
import { AwaySellers1738600000000 } from './1738600000000-away-sellers';
import { SellerOffers1738950000000 } from './1738950000000-seller-offers';
import { BundleOffers1739200000000 } from './1739200000000-bundle-offers';
import { Bundles1739100000000 } from './1739100000000-bundles';
import { RefundedItemsResell1739250000000 } from './1739250000000-refunded-items-resell';

/** Every migration of the payments schema, in order. Never edit one that has landed; add a new one. */
export const PAYMENTS_MIGRATIONS = [
  CreatePayments1732600000000,
  SafeCheckout1733000000000,
  OrderLifecycle1734000000000,
  PayoutsAndLedger1735000000000,
  SellerRecords1735100000000,
  outboxClaimsMigration('payments'),
  AuthoriseThenCapture1736600000000,
  OrderCardLast41736700000000,
  OrderLinks1737000000000,
  AddressBook1737200000000,
  OrderMessages1737400000000,
  ClaimSellerPhotos1737500000000,
  ClaimReturns1737600000000,
  outboxRetriesMigration('payments'),
  OpenCheckoutIndex1737960000000,
  blocksReadModelMigration('payments'),
  Offers1738520000000,
  AwaySellers1738600000000,
  SellerOffers1738950000000,
  Bundles1739100000000,
  BundleOffers1739200000000,
  RefundedItemsResell1739250000000,
];
