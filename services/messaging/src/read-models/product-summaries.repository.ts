import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PreparedStatement } from '@souvenir/platform';
import type { EntityManager, Repository } from 'typeorm';
import { ProductSummaryEntity, type ProductSummaryStatus } from './product-summary.entity';

/** What messaging knows of a product. */
export type ProductSummary = Omit<ProductSummaryEntity, 'updatedAt'>;

/** Every send reads its product: prepared on the pool (TypeORM's find builds the query anew each time). */
const FIND_BY_ID = new PreparedStatement<ProductSummary>(
  'messaging.product-summary',
  `SELECT id, seller_id AS "sellerId", title, status FROM messaging.products WHERE id = $1`,
);

/**
 * Product events' effects commute: listed sets title and seller and never the status (and not the title once an edit
 * set it); an edit sets the title over older edits only; sold only moves an active product; removed always wins. Any
 * arrival order ends in the same row.
 */
@Injectable()
export class ProductSummariesRepository {
  constructor(@InjectRepository(ProductSummaryEntity) private readonly products: Repository<ProductSummaryEntity>) {}

  async findById(id: string): Promise<ProductSummary | null> {
    const [row] = await FIND_BY_ID.run(this.products.manager.dataSource, [id]);
    return row ?? null;
  }

  async applyListed(manager: EntityManager, p: { id: string; sellerId: string; title: string }): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, updated_at) VALUES ($1, $2, $3, 'active', now())
       ON CONFLICT (id) DO UPDATE SET seller_id = EXCLUDED.seller_id, updated_at = now(),
         title = CASE WHEN messaging.products.edit_version = 0 THEN EXCLUDED.title ELSE messaging.products.title END`,
      [p.id, p.sellerId, p.title],
    );
  }

  /** An edit's title, unless a newer edit was applied (`version`: catalog's edit count). Never changes the status. */
  async applyUpdated(
    manager: EntityManager,
    p: { id: string; sellerId: string; title: string; version: number },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, edit_version, updated_at)
       VALUES ($1, $2, $3, 'active', $4, now())
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, edit_version = EXCLUDED.edit_version, updated_at = now()
        WHERE messaging.products.edit_version < EXCLUDED.edit_version`,
      [p.id, p.sellerId, p.title, p.version],
    );
  }

  /**
   * Sold, unless removed or a newer sale or relisting was applied (`version`: catalog's sale version; a sold event
   * from before relisting existed has none and applies to an active product only).
   */
  async applySold(manager: EntityManager, p: { id: string; sellerId: string; version?: number }): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, sale_version, updated_at) VALUES ($1, $2, NULL, 'sold', coalesce($3::int, 0), now())
       ON CONFLICT (id) DO UPDATE SET status = 'sold', sale_version = coalesce($3::int, messaging.products.sale_version), updated_at = now()
        WHERE CASE WHEN $3::int IS NULL THEN messaging.products.status = 'active' ELSE messaging.products.sale_version < $3::int END`,
      [p.id, p.sellerId, p.version ?? null],
    );
  }

  /**
   * A product back on sale (its order cancelled, or relisted by its seller), unless a newer sale or removal was
   * applied: removals carry their version too, so a relisting of a removed listing applies and a stale one does not.
   */
  async applyRelisted(manager: EntityManager, p: { id: string; sellerId: string; version: number }): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, sale_version, updated_at) VALUES ($1, $2, NULL, 'active', $3, now())
       ON CONFLICT (id) DO UPDATE SET status = 'active', sale_version = $3, updated_at = now()
        WHERE messaging.products.sale_version < $3`,
      [p.id, p.sellerId, p.version],
    );
  }

  /** A removal; one with a version applies unless a newer relisting already did. */
  async applyRemoved(manager: EntityManager, p: { id: string; sellerId: string; version?: number }): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, sale_version, updated_at) VALUES ($1, $2, NULL, 'removed', coalesce($3::int, 0), now())
       ON CONFLICT (id) DO UPDATE SET status = 'removed', sale_version = coalesce($3::int, messaging.products.sale_version), updated_at = now()
        WHERE $3::int IS NULL OR messaging.products.sale_version < $3::int`,
      [p.id, p.sellerId, p.version ?? null],
    );
  }

  /** Stores a product fetched by request; an event that got there first keeps its status, a missing title is filled. */
  async insertFetched(p: {
    id: string;
    sellerId: string;
    title: string;
    status: ProductSummaryStatus;
  }): Promise<ProductSummary> {
    await this.products.query(
      `INSERT INTO messaging.products (id, seller_id, title, status, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, updated_at = now() WHERE messaging.products.title IS NULL`,
      [p.id, p.sellerId, p.title, p.status],
    );
    return (await this.findById(p.id))!;
  }
}
