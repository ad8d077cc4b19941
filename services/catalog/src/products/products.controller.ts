import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { ProductsService } from './products.service';

/** catalog's request/reply subjects; each handler only delegates. */
@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @RpcHandler(RPC.catalog.createProduct)
  createProduct(request: RpcRequest<typeof RPC.catalog.createProduct>) {
    return this.products.create(request);
  }

  @RpcHandler(RPC.catalog.getProduct)
  getProduct(request: RpcRequest<typeof RPC.catalog.getProduct>) {
    return this.products.get(request);
  }

  @RpcHandler(RPC.catalog.listProducts)
  listProducts(request: RpcRequest<typeof RPC.catalog.listProducts>) {
    return this.products.list(request);
  }

  @RpcHandler(RPC.catalog.removeProduct)
  removeProduct(request: RpcRequest<typeof RPC.catalog.removeProduct>) {
    return this.products.remove(request);
  }

  @RpcHandler(RPC.catalog.relistProduct)
  relistProduct(request: RpcRequest<typeof RPC.catalog.relistProduct>) {
    return this.products.relist(request);
  }

  @RpcHandler(RPC.catalog.updateProduct)
  updateProduct(request: RpcRequest<typeof RPC.catalog.updateProduct>) {
    return this.products.update(request);
  }

  @RpcHandler(RPC.catalog.listSellerProducts)
  listSellerProducts(request: RpcRequest<typeof RPC.catalog.listSellerProducts>) {
    return this.products.listBySeller(request);
  }

  @RpcHandler(RPC.catalog.getProductsByIds)
  getProductsByIds(request: RpcRequest<typeof RPC.catalog.getProductsByIds>) {
    return this.products.getByIds(request);
  }

  @RpcHandler(RPC.catalog.listCategories)
  listCategories(_request: RpcRequest<typeof RPC.catalog.listCategories>) {
    return this.products.listCategories();
  }

  @RpcHandler(RPC.catalog.listProductIds)
  listProductIds(request: RpcRequest<typeof RPC.catalog.listProductIds>) {
    return this.products.listIds(request);
  }
}
