import { blocksReadModelMigration, outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { CreateCatalog1732400000000 } from './1732400000000-create-catalog';
import { AddFavouriteStates1732500000000 } from './1732500000000-add-favourite-states';
import { AddTitleSearch1732600000000 } from './1732600000000-add-title-search';
import { AddSoldOrder1734000000000 } from './1734000000000-add-sold-order';
import { OrderSafeRelisting1734100000000 } from './1734100000000-order-safe-relisting';
import { StemmedSearch1734200000000 } from './1734200000000-stemmed-search';
import { SellerRatings1735100000000 } from './1735100000000-seller-ratings';
import { CustomsRules1735600000000 } from './1735600000000-customs-rules';
import { UndeclaredContents1735700000000 } from './1735700000000-undeclared-contents';
import { SearchLexemeCounts1735800000000 } from './1735800000000-search-lexeme-counts';
import { FilteredSearchIndexes1735900000000 } from './1735900000000-filtered-search-indexes';
import { PriceBandSearchIndex1736600000000 } from './1736600000000-price-band-search-index';
import { CoveringSortIndexes1736700000000 } from './1736700000000-covering-sort-indexes';
import { TitleLexemeCounts1736800000000 } from './1736800000000-title-lexeme-counts';
import { SellerShipsFrom1736900000000 } from './1736900000000-seller-ships-from';
import { ProvenanceQueueIndex1737050000000 } from './1737050000000-provenance-queue-index';
import { RefundedOrders1737060000000 } from './1737060000000-refunded-orders';
import { ListingEdits1737960000000 } from './1737960000000-listing-edits';
import { ModeratedListings1738500000000 } from './1738500000000-moderated-listings';
import { ListingVelocity1738600000000 } from './1738600000000-listing-velocity';
import { AwayMode1738600000000 } from './1738600000000-away-mode';
import { Reservations1738700000000 } from './1738700000000-reservations';
import { SellerBundleDiscounts1739100000000 } from './1739100000000-seller-bundle-discounts';
import { RefundedItems1739200000000 } from './1739200000000-refunded-items';
import { BandedFiltersSearchIndex1739300000000 } from './1739300000000-banded-filters-search-index';
import { DropPriceBandSearchIndex1739400000000 } from './1739400000000-drop-price-band-search-index';

/** Every migration of the catalog schema, in order. Never edit one that has landed; add a new one. */
export const CATALOG_MIGRATIONS = [
  CreateCatalog1732400000000,
  AddFavouriteStates1732500000000,
  AddTitleSearch1732600000000,
  AddSoldOrder1734000000000,
  OrderSafeRelisting1734100000000,
  StemmedSearch1734200000000,
  SellerRatings1735100000000,
  CustomsRules1735600000000,
  UndeclaredContents1735700000000,
  SearchLexemeCounts1735800000000,
  FilteredSearchIndexes1735900000000,
  outboxClaimsMigration('catalog'),
  PriceBandSearchIndex1736600000000,
  CoveringSortIndexes1736700000000,
  TitleLexemeCounts1736800000000,
  SellerShipsFrom1736900000000,
  ProvenanceQueueIndex1737050000000,
  RefundedOrders1737060000000,
  outboxRetriesMigration('catalog'),
  ListingEdits1737960000000,
  ModeratedListings1738500000000,
  ListingVelocity1738600000000,
  AwayMode1738600000000,
  // Nobody reserves an item for someone a block stands between (identity's block changes).
  blocksReadModelMigration('catalog'),
  Reservations1738700000000,
  SellerBundleDiscounts1739100000000,
  RefundedItems1739200000000,
  BandedFiltersSearchIndex1739300000000,
  DropPriceBandSearchIndex1739400000000,
];
