import { UserExportRequest, type UserExportPage } from '../export/user-export';
import type { BrowseCategoryCountDto } from './categories';
import type { CategoryDto, CreatedProductDto, ProductDto, ProductListPageDto, ProductPageDto } from './product.dto';
import {
  CountBrowseCategoriesRequest,
  CreateProductRequest,
  GetProductRequest,
  GetProductsByIdsRequest,
  ListCategoriesRequest,
  ListProductsRequest,
  ListProductIdsRequest,
  ListSellerProductsRequest,
  RemoveProductRequest,
  RelistProductRequest,
  UpdateProductRequest,
  ReserveProductRequest,
  LiftReservationRequest,
} from './catalog.rpc';
import { defineRpc, rpc, type Done } from '../rpc/contract';
import { EndAwayRequest, GetAwayRequest, SetAwayRequest, type AwayModeDto } from './away-mode';
import {
  DecideProvenanceRequest,
  GetCustomsRuleHistoryRequest,
  ListCountryRulesRequest,
  ListCustomsRulesRequest,
  ListProvenanceQueueRequest,
  SaveCustomsRuleRequest,
} from './customs';
import type { CustomsRuleDto, CustomsRuleHistoryDto, ProductCustomsDto, ProvenanceReviewItemDto } from './contents';
import { CountSupportQueueRequest, type ProvenanceQueueCountDto } from '../support/support-queues';

/** catalog's request/reply subjects, each with its request class and reply type. */
export const CATALOG_RPC = defineRpc('catalog', {
  createProduct: rpc('catalog.product.create', CreateProductRequest).returns<CreatedProductDto>(),
  getProduct: rpc('catalog.product.get', GetProductRequest).returns<ProductDto>(),
  listProducts: rpc('catalog.product.list', ListProductsRequest).returns<ProductListPageDto>(),
  removeProduct: rpc('catalog.product.remove', RemoveProductRequest).returns<Done>(),
  /** Answers the product as its page shows it, on sale again. */
  relistProduct: rpc('catalog.product.relist', RelistProductRequest).returns<ProductDto>(),
  /** Answers the product as its page shows it, edited. */
  updateProduct: rpc('catalog.product.update', UpdateProductRequest).returns<ProductDto>(),
  /** Answers the product as its seller's page shows it, reserved (its buyer named). */
  reserveProduct: rpc('catalog.product.reserve', ReserveProductRequest).returns<ProductDto>(),
  liftReservation: rpc('catalog.product.lift-reservation', LiftReservationRequest).returns<Done>(),
  listSellerProducts: rpc('catalog.product.list-by-seller', ListSellerProductsRequest).returns<ProductPageDto>(),
  /** In the order of the ids asked for; unknown and removed products are skipped. */
  getProductsByIds: rpc('catalog.product.get-many', GetProductsByIdsRequest).returns<ProductDto[]>(),
  listCategories: rpc('catalog.category.list', ListCategoriesRequest).returns<CategoryDto[]>(),
  /** In the order of BROWSE_CATEGORIES; each count is the total its `categories` filter answers. */
  countBrowseCategories: rpc('catalog.category.count-browse', CountBrowseCategoriesRequest).returns<
    BrowseCategoryCountDto[]
  >(),
  /** Up to `limit` ids, ascending; fewer means the last page. */
  listProductIds: rpc('catalog.product.list-ids', ListProductIdsRequest).returns<string[]>(),
  /** A visible product's customs notices and provenance: its page shows them beside the origin badge. */
  getProductCustoms: rpc('catalog.product.customs', GetProductRequest).returns<ProductCustomsDto>(),
  /** Customs rules: one country's, for the sell form; anyone may ask. */
  listCountryRules: rpc('catalog.customs.rules-of-country', ListCountryRulesRequest).returns<CustomsRuleDto[]>(),
  /** Support only (FORBIDDEN otherwise): every rule; one rule's versions; create or edit one (a new version). */
  listCustomsRules: rpc('catalog.customs.rule.list', ListCustomsRulesRequest).returns<CustomsRuleDto[]>(),
  getCustomsRuleHistory: rpc('catalog.customs.rule.history', GetCustomsRuleHistoryRequest).returns<
    CustomsRuleHistoryDto[]
  >(),
  saveCustomsRule: rpc('catalog.customs.rule.save', SaveCustomsRuleRequest).returns<CustomsRuleDto>(),
  /** Support only: listings with documents nobody has reviewed, oldest first; approve makes them 'checked'. */
  listProvenanceQueue: rpc('catalog.provenance.queue', ListProvenanceQueueRequest).returns<ProvenanceReviewItemDto[]>(),
  decideProvenance: rpc('catalog.provenance.decide', DecideProvenanceRequest).returns<ProductDto>(),
  /** Support only: how many listings the provenance queue holds (the support nav's count). */
  countProvenanceQueue: rpc('catalog.provenance.count', CountSupportQueueRequest).returns<ProvenanceQueueCountDto>(),
  /** One page of one section of a person's data, for their data export (identity's job asks). */
  exportUserData: rpc('catalog.user.export', UserExportRequest).returns<UserExportPage>(),
  /** Away mode (the seller's own): on or changed (its state answered), ended; anyone may ask whether someone is away. */
  setAway: rpc('catalog.away.set', SetAwayRequest).returns<AwayModeDto>(),
  endAway: rpc('catalog.away.end', EndAwayRequest).returns<Done>(),
  getAway: rpc('catalog.away.get', GetAwayRequest).returns<AwayModeDto>(),
});
