import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  RPC,
  type ProductListedEvent,
  type ProductRemovedEvent,
  type ProductRelistedEvent,
  type ProductSoldEvent,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import type { ProductSummaryEntity } from './product-summary.entity';
import { ProductSummariesRepository } from './product-summaries.repository';
import { UserSummariesRepository } from './user-summaries.repository';

/**
 * Keeps the read models of user names and product titles. Events feed them; a user or product not seen yet
 * (its event still on the way) is fetched once by request and stored so that the event still applies later.
 */
@Injectable()
export class ReadModelsService {
  constructor(
    private readonly users: UserSummariesRepository,
    private readonly products: ProductSummariesRepository,
    private readonly rpc: RpcClient,
  ) {}

  applyProfile(event: UserProfileChangedEvent, manager: EntityManager): Promise<void> {
    return this.users.upsertIfNewer(manager, {
      id: event.userId,
      firstName: event.firstName,
      lastName: event.lastName,
      avatar: event.avatar ?? null,
      version: event.version,
    });
  }

  applyProductListed(event: ProductListedEvent, manager: EntityManager): Promise<void> {
    return this.products.applyListed(manager, { id: event.productId, sellerId: event.sellerId, title: event.title });
  }

  applyProductSold(event: ProductSoldEvent, manager: EntityManager): Promise<void> {
    return this.products.applySold(manager, { id: event.productId, sellerId: event.sellerId, version: event.version });
  }

  applyProductRelisted(event: ProductRelistedEvent, manager: EntityManager): Promise<void> {
    return this.products.applyRelisted(manager, {
      id: event.productId,
      sellerId: event.sellerId,
      version: event.version,
    });
  }

  applyProductRemoved(event: ProductRemovedEvent, manager: EntityManager): Promise<void> {
    return this.products.applyRemoved(manager, { id: event.productId, sellerId: event.sellerId });
  }

  /** The product with its seller; NOT_FOUND when catalog does not know it either. */
  async ensureProduct(productId: string): Promise<ProductSummaryEntity> {
    const known = await this.products.findById(productId);
    if (known && known.title !== null) return known;
    if (known?.status === 'removed') return known;
    const product = await this.rpc.send(RPC.catalog.getProduct, { productId });
    return this.products.insertFetched({
      id: product.id,
      sellerId: product.seller.id,
      title: product.title,
      status: product.status,
    });
  }

  /** Makes sure every given user has a summary; an unknown user is NOT_FOUND. */
  async ensureUsers(userIds: string[]): Promise<void> {
    const existing = await this.users.findExistingIds(userIds);
    for (const userId of userIds.filter((id) => !existing.has(id))) {
      const user = await this.rpc.send(RPC.identity.getUser, { userId }).catch((error: unknown) => {
        if (error instanceof DomainError && error.code === ErrorCode.NotFound) throw DomainError.notFound('User');
        throw error;
      });
      await this.users.insertIfMissing({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        avatar: user.avatar,
        version: 0,
      });
    }
  }
}
