import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ProductSummaryEntity, type ProductSummaryStatus } from './product-summary.entity';

/**
 * Product events carry no version, but their effects commute: listed sets title and seller and never the status;
 * sold only moves an active product; removed always wins. Any arrival order ends in the same row.
 */
@Injectable()
export class ProductSummariesRepository {
  constructor(@InjectRepository(ProductSummaryEntity) private readonly products: Repository<ProductSummaryEntity>) {}

  findById(id: string): Promise<ProductSummaryEntity | null> {
    return this.products.findOne({ where: { id } });
  }

  async applyListed(manager: EntityManager, p: { id: string; sellerId: string; title: string }): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, updated_at) VALUES ($1, $2, $3, 'active', now())
       ON CONFLICT (id) DO UPDATE SET seller_id = EXCLUDED.seller_id, title = EXCLUDED.title, updated_at = now()`,
      [p.id, p.sellerId, p.title],
    );
  }

  async applySold(manager: EntityManager, p: { id: string; sellerId: string }): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, updated_at) VALUES ($1, $2, NULL, 'sold', now())
       ON CONFLICT (id) DO UPDATE SET status = 'sold', updated_at = now() WHERE messaging.products.status = 'active'`,
      [p.id, p.sellerId],
    );
  }

  async applyRemoved(manager: EntityManager, p: { id: string; sellerId: string }): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, updated_at) VALUES ($1, $2, NULL, 'removed', now())
       ON CONFLICT (id) DO UPDATE SET status = 'removed', updated_at = now()`,
      [p.id, p.sellerId],
    );
  }

  /** Stores a product fetched by request; an event that got there first keeps its status, a missing title is filled. */
  async insertFetched(p: { id: string; sellerId: string; title: string; status: ProductSummaryStatus }): Promise<ProductSummaryEntity> {
    await this.products.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, updated_at = now() WHERE messaging.products.title IS NULL`,
      [p.id, p.sellerId, p.title, p.status],
    );
    return (await this.findById(p.id))!;
  }
}
