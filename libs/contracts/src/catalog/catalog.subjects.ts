import type { BrowseCategoryCountDto } from './categories';
import type { CategoryDto, ProductDto, ProductPageDto } from './product.dto';
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
} from './catalog.rpc';
import type { Contract, Done } from '../rpc/contract';

/** catalog's request/reply subjects. */
export const CATALOG_RPC = {
  createProduct: 'catalog.product.create',
  getProduct: 'catalog.product.get',
  listProducts: 'catalog.product.list',
  removeProduct: 'catalog.product.remove',
  listSellerProducts: 'catalog.product.list-by-seller',
  getProductsByIds: 'catalog.product.get-many',
  listCategories: 'catalog.category.list',
  countBrowseCategories: 'catalog.category.count-browse',
  listProductIds: 'catalog.product.list-ids',
} as const;

export interface CatalogContracts {
  [CATALOG_RPC.createProduct]: Contract<CreateProductRequest, ProductDto>;
  [CATALOG_RPC.getProduct]: Contract<GetProductRequest, ProductDto>;
  [CATALOG_RPC.listProducts]: Contract<ListProductsRequest, ProductPageDto>;
  [CATALOG_RPC.removeProduct]: Contract<RemoveProductRequest, Done>;
  [CATALOG_RPC.listSellerProducts]: Contract<ListSellerProductsRequest, ProductPageDto>;
  /** In the order of the ids asked for; unknown and removed products are skipped. */
  [CATALOG_RPC.getProductsByIds]: Contract<GetProductsByIdsRequest, ProductDto[]>;
  [CATALOG_RPC.listCategories]: Contract<ListCategoriesRequest, CategoryDto[]>;
  /** In the order of BROWSE_CATEGORIES; each count is the total its `categories` filter answers. */
  [CATALOG_RPC.countBrowseCategories]: Contract<CountBrowseCategoriesRequest, BrowseCategoryCountDto[]>;
  /** Up to `limit` ids, ascending; fewer means the last page. */
  [CATALOG_RPC.listProductIds]: Contract<ListProductIdsRequest, string[]>;
}

export const CATALOG_REQUEST_TYPES = {
  [CATALOG_RPC.createProduct]: CreateProductRequest,
  [CATALOG_RPC.getProduct]: GetProductRequest,
  [CATALOG_RPC.listProducts]: ListProductsRequest,
  [CATALOG_RPC.removeProduct]: RemoveProductRequest,
  [CATALOG_RPC.listSellerProducts]: ListSellerProductsRequest,
  [CATALOG_RPC.getProductsByIds]: GetProductsByIdsRequest,
  [CATALOG_RPC.listCategories]: ListCategoriesRequest,
  [CATALOG_RPC.countBrowseCategories]: CountBrowseCategoriesRequest,
  [CATALOG_RPC.listProductIds]: ListProductIdsRequest,
} as const;
