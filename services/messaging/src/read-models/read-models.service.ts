import { Injectable } from '@nestjs/common';
import {
  RPC,
  type ProductListedEvent,
  type ProductRemovedEvent,
  type ProductRelistedEvent,
  type ProductSoldEvent,
  type ProductUpdatedEvent,
  type UserDto,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { DomainError, fillOnMiss, RpcClient } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { ProductSummariesRepository, type ProductSummary } from './product-summaries.repository';
import { productSummaryOfFetched, userSummaryOfEvent, userSummaryOfFetched } from './summary.mapper';
import { UserSummariesRepository } from './user-summaries.repository';

/**
 * Keeps the read models of user names and product titles. Events feed them; users or a product not seen yet
 * (their events still on the way) are fetched by request and stored so that the events still apply later.
 */
@Injectable()
export class ReadModelsService {
  constructor(
    private readonly users: UserSummariesRepository,
    private readonly products: ProductSummariesRepository,
    private readonly rpc: RpcClient,
  ) {}

  applyProfile(event: UserProfileChangedEvent, manager: EntityManager): Promise<void> {
    return this.users.upsertIfNewer(manager, userSummaryOfEvent(event));
  }

  applyProductListed(event: ProductListedEvent, manager: EntityManager): Promise<void> {
    return this.products.applyListed(manager, { id: event.productId, sellerId: event.sellerId, title: event.title });
  }

  applyProductUpdated(event: ProductUpdatedEvent, manager: EntityManager): Promise<void> {
    return this.products.applyUpdated(manager, {
      id: event.productId,
      sellerId: event.sellerId,
      title: event.title,
      version: event.version,
    });
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
    return this.products.applyRemoved(manager, {
      id: event.productId,
      sellerId: event.sellerId,
      ...(event.version !== undefined ? { version: event.version } : {}),
    });
  }

  /** The product with its seller; NOT_FOUND when catalog does not know it either. */
  async ensureProduct(productId: string): Promise<ProductSummary> {
    const { rows } = await fillOnMiss([productId], {
      // A product whose title is still unknown (its listed event is on the way) is asked for, unless it is removed.
      held: async ([id]) => {
        const known = await this.products.findById(id);
        return known && (known.title !== null || known.status === 'removed') ? [known] : [];
      },
      // catalog answers NOT_FOUND for a product it does not know (or removed): that is the caller's answer too.
      ask: async ([id]) => [await this.rpc.send(RPC.catalog.getProduct, { productId: id })],
      store: (products) => Promise.all(products.map((p) => this.products.insertFetched(productSummaryOfFetched(p)))),
    });
    return [...rows.values()][0];
  }

  /** Makes sure every given user has a summary; an unknown user is NOT_FOUND. */
  async ensureUsers(userIds: string[]): Promise<void> {
    const { unknown } = await fillOnMiss(userIds, {
      held: (ids) => this.users.findIds(ids),
      ask: (ids) => this.askIdentity(ids),
      store: async (users) => {
        const summaries = users.map(userSummaryOfFetched);
        await this.users.insertFetched(summaries);
        return summaries;
      },
    });
    if (unknown.length) throw DomainError.notFound('User');
  }

  /** A deleted account reads as an unknown one to anyone writing to it. */
  isDeleted(userId: string): Promise<boolean> {
    return this.users.isDeleted(userId);
  }

  /** The profiles identity knows among `userIds`, in one request. */
  private askIdentity(userIds: string[]): Promise<UserDto[]> {
    return this.rpc.send(RPC.identity.getUsersByIds, { userIds });
  }
}
