import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CHECKOUT_STATUSES, type CountOrdersOfPeopleRequest, type PersonOrderCountsDto } from '@souvenir/contracts';
import type { DataSource } from 'typeorm';

/**
 * How many orders each person bought and sold, for support's moderation queue (the "the reporter's and the
 * subject's history"). Counted at read time: support reads a page of at most a few dozen people now and then, and
 * each count is an index range (orders_purchases_idx, orders_sales_idx) of one person's orders. A checkout whose
 * payment never went through is nobody's order and is not counted.
 */
@Injectable()
export class OrderCounts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async ofPeople({ userIds }: CountOrdersOfPeopleRequest): Promise<PersonOrderCountsDto[]> {
    if (!userIds.length) return [];
    return this.dataSource.query<PersonOrderCountsDto[]>(
      `SELECT p.id AS "userId",
         (SELECT count(*) FROM payments.orders o
           WHERE o.buyer_user_id = p.id AND o.status <> ALL($2::text[]))::int AS bought,
         (SELECT count(*) FROM payments.orders o WHERE o.seller_id = p.id AND o.status <> ALL($2::text[]))::int AS sold
         FROM unnest($1::uuid[]) AS p(id)`,
      [[...new Set(userIds)], [...CHECKOUT_STATUSES]],
    );
  }
}
