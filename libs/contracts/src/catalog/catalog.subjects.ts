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
import { defineRpc, rpc, type Done } from '../rpc/contract';

/** catalog's request/reply subjects, each with its request class and reply type. */
export const CATALOG_RPC = defineRpc('catalog', {
  createProduct: rpc('catalog.product.create', CreateProductRequest).returns<ProductDto>(),
  getProduct: rpc('catalog.product.get', GetProductRequest).returns<ProductDto>(),
  listProducts: rpc('catalog.product.list', ListProductsRequest).returns<ProductPageDto>(),
  removeProduct: rpc('catalog.product.remove', RemoveProductRequest).returns<Done>(),
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
});
