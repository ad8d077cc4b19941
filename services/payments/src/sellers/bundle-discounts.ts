import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENTS,
  NO_BUNDLE_DISCOUNT,
  type BundleDiscountDto,
  type GetBundleDiscountRequest,
  type SetBundleDiscountRequest,
} from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';

interface DiscountRow {
  min_items: number;
  percent: number;
}

/**
 * Each seller's bundle discount: payments owns it because payments charges it. Every change is published in its
 * transaction (`bundle-discount.changed`, versioned per seller) and catalog keeps a copy on its sellers, so product
 * pages show it without asking payments, while a checkout reads it here, from the owner.
 */
@Injectable()
export class BundleDiscounts {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async get({ actorId }: GetBundleDiscountRequest): Promise<BundleDiscountDto> {
    return this.of(this.dataSource.manager, actorId);
  }

  /** The seller's discount now (none set: no discount). */
  async of(manager: EntityManager, sellerId: string): Promise<BundleDiscountDto> {
    const [row] = await manager.query<DiscountRow[]>(
      `SELECT min_items, percent FROM payments.bundle_discounts WHERE seller_id = $1`,
      [sellerId],
    );
    return row ? { minItems: row.min_items, percent: row.percent } : { ...NO_BUNDLE_DISCOUNT };
  }

  async set(request: SetBundleDiscountRequest): Promise<BundleDiscountDto> {
    const { actorId: sellerId, minItems, percent } = request;
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<{ version: number }[]>(
        `INSERT INTO payments.bundle_discounts (seller_id, min_items, percent, version) VALUES ($1, $2, $3, 1)
         ON CONFLICT (seller_id) DO UPDATE
           SET min_items = EXCLUDED.min_items, percent = EXCLUDED.percent,
               version = payments.bundle_discounts.version + 1, updated_at = now()
         RETURNING version`,
        [sellerId, minItems, percent],
      );
      await this.outbox.add(manager, EVENTS.payments.bundleDiscountChanged, {
        sellerId,
        minItems,
        percent,
        version: row.version,
        occurredAt: new Date().toISOString(),
      });
      return { minItems, percent };
    });
  }
}
