import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../database/base.repository';
import { PayoutAccountEntity } from './payout-account.entity';

/** The sellers' payout accounts (one per seller). Methods that lock a row need `withManager(transaction)`. */
@Injectable()
export class PayoutAccountsRepository extends BaseRepository {
  private get accounts() {
    return this.db.getRepository(PayoutAccountEntity);
  }

  save(account: PayoutAccountEntity): Promise<PayoutAccountEntity> {
    return this.accounts.save(account);
  }

  findBySeller(sellerId: string): Promise<PayoutAccountEntity | null> {
    return this.accounts.findOneBy({ sellerId });
  }

  /** The seller's account, read FOR SHARE: waits for an activation being written, then sees it. */
  findBySellerForShare(sellerId: string): Promise<PayoutAccountEntity | null> {
    return this.accounts.findOne({ where: { sellerId }, lock: { mode: 'pessimistic_read' } });
  }

  findByProviderAccountId(providerAccountId: string): Promise<PayoutAccountEntity | null> {
    return this.accounts.findOneBy({ providerAccountId });
  }

  lockByProviderAccountId(providerAccountId: string): Promise<PayoutAccountEntity | null> {
    return this.accounts.findOne({ where: { providerAccountId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The seller's account, unless another request created it meanwhile; answers the one stored. */
  async insertOnce(account: Omit<PayoutAccountEntity, 'createdAt' | 'updatedAt'>): Promise<PayoutAccountEntity> {
    await this.accounts.createQueryBuilder().insert().values(account).orIgnore().execute();
    return this.accounts.findOneByOrFail({ sellerId: account.sellerId });
  }
}
