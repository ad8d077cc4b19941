import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS, type EmailVerifiedEvent } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';

/**
 * A guest who later has an account with the same address sees their guest orders in My Orders: once identity says
 * the account's owner proved the address (never at registration, when anyone could type anyone's address), the paid
 * guest orders of that address become the account's purchases. Applying the event twice changes nothing (only orders
 * that are still a guest's are taken; the consumer records the event in the same transaction). A guest order of the
 * account's own listing stays a guest's: an account is never its own buyer. The guest's private links keep opening
 * the order.
 */
@Injectable()
export class GuestOrdersToAccount implements OnApplicationBootstrap {
  private readonly logger = new Logger(GuestOrdersToAccount.name);

  constructor(private readonly consumer: EventConsumer) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.emailVerified]: async (event, manager) => {
        await this.give(event, manager);
      },
    });
  }

  async give({ userId, email }: EmailVerifiedEvent, manager: EntityManager): Promise<number> {
    // orders_guest_email_idx: the guest orders of an address, whatever its case.
    const [, count] = (await manager.query(
      `UPDATE payments.orders SET buyer_user_id = $1, updated_at = now()
       WHERE lower(contact_email) = lower($2) AND buyer_user_id IS NULL AND paid_at IS NOT NULL AND seller_id <> $1`,
      [userId, email],
    )) as [unknown, number];
    if (count) this.logger.log(`${count} guest order(s) joined account ${userId}`);
    return count;
  }
}
