import { Controller, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETED_USER_NAME,
  EVENTS,
  RPC,
  type DeletionBlockersDto,
  type RpcRequest,
} from '@souvenir/contracts';
import { EventConsumer, eraseBlocksOf, RpcHandler } from '@souvenir/platform';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Ledger } from '../ledger/ledger';
import { OffersService } from '../offers/offers.service';

/** Orders paid and not finished: the money is still on its way to the seller or back to the buyer. */
const OPEN_STATUSES = ['paid', 'shipped', 'delivered', 'disputed'];
const CURRENCY = 'usd';

/**
 * An account's deletion as payments sees it: before, what still blocks it (an open order, money held or not yet paid
 * out); after `user.deleted`, the personal data of its orders erased while the orders, amounts and ledger stay (the
 * bookkeeping that tax and card-scheme rules require, README "Account deletion").
 */
@Injectable()
export class AccountErasure implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly consumer: EventConsumer,
    private readonly ledger: Ledger,
    private readonly offers: OffersService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.userDeleted]: (event, manager) => this.erase(event.userId, manager),
    });
  }

  async blockers(userId: string): Promise<DeletionBlockersDto> {
    const openOrders = await this.dataSource.query<
      { orderId: string; productTitle: string; role: 'buyer' | 'seller' }[]
    >(
      `SELECT id AS "orderId", product_title AS "productTitle", CASE WHEN seller_id = $1 THEN 'seller' ELSE 'buyer' END AS role
         FROM payments.orders WHERE (buyer_user_id = $1 OR seller_id = $1) AND status = ANY($2::text[])
        ORDER BY created_at`,
      [userId, OPEN_STATUSES],
    );
    const balances = await this.ledger.balances(userId);
    return { openOrders, heldCents: balances.held, unpaidCents: balances.available, currency: CURRENCY };
  }

  /** Idempotent on its own (it overwrites with constants), and recorded once by the consumer anyway. */
  async erase(userId: string, manager: EntityManager): Promise<void> {
    const erasedAddress = { street: '', city: '', state: null, zip: '', country: '' };
    await eraseBlocksOf(manager, 'payments', userId);
    await manager.query(`DELETE FROM payments.saved_addresses WHERE user_id = $1`, [userId]);
    // Their bundle discount is a setting of their account; the items of their orders hold no personal data and stay
    // with the orders (titles and prices, as the orders' own product columns do).
    await manager.query(`DELETE FROM payments.bundle_discounts WHERE seller_id = $1`, [userId]);
    await this.offers.personGone(manager, userId);
    // Guest orders paid with an address of theirs, whether or not they joined the account, are theirs too.
    await manager.query(
      `UPDATE payments.orders o
          SET contact_email = 'deleted-' || o.id || '@deleted.invalid', contact_first_name = 'Deleted',
              contact_last_name = 'user', contact_phone = NULL, billing_address = jsonb_build_object('street', '',
              'city', '', 'state', NULL, 'zip', '', 'country', billing_address->>'country'), delivery_address = $2,
              card_last4 = NULL, updated_at = now()
        WHERE o.contact_email NOT LIKE '%@deleted.invalid'
          AND (o.buyer_user_id = $1
           OR (o.buyer_user_id IS NULL AND lower(o.contact_email) IN (
                SELECT lower(contact_email) FROM payments.orders WHERE buyer_user_id = $1)))`,
      [userId, JSON.stringify(erasedAddress)],
    );
    await manager.query(
      `UPDATE payments.orders SET seller_name = $2 WHERE seller_id = $1 AND seller_name IS DISTINCT FROM $2`,
      [userId, DELETED_USER_NAME],
    );
    await manager.query(
      `UPDATE payments.order_messages m SET content = $2 FROM payments.orders o
        WHERE m.order_id = o.id AND ((m.author = 'buyer' AND o.buyer_user_id = $1) OR (m.author = 'seller' AND o.seller_id = $1))`,
      [userId, ACCOUNT_DELETION_MESSAGES.erasedMessage],
    );
    await manager.query(
      `UPDATE payments.claims c SET description = $2, photos = '[]' FROM payments.orders o
        WHERE c.order_id = o.id AND o.buyer_user_id = $1`,
      [userId, ACCOUNT_DELETION_MESSAGES.erasedMessage],
    );
    await manager.query(
      `UPDATE payments.claims c SET seller_statement = CASE WHEN seller_statement IS NULL THEN NULL ELSE $2 END,
              seller_photos = '[]' FROM payments.orders o
        WHERE c.order_id = o.id AND o.seller_id = $1`,
      [userId, ACCOUNT_DELETION_MESSAGES.erasedMessage],
    );
  }
}

/** payments' deletion subject; the handler only delegates. */
@Controller()
export class AccountErasureController {
  constructor(private readonly erasure: AccountErasure) {}

  @RpcHandler(RPC.payments.deletionBlockers)
  deletionBlockers(request: RpcRequest<typeof RPC.payments.deletionBlockers>) {
    return this.erasure.blockers(request.userId);
  }
}
