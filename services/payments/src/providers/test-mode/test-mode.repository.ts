import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../../database/base.repository';
import { TestAccountEntity, TestAccountLinkEntity, TestTransferEntity } from './test-connect.entities';
import { TestIntentEntity } from './test-intent.entity';

/**
 * The test-mode provider's own tables (its intents, connected accounts, onboarding links and transfers): what Stripe
 * keeps on its side, kept in Postgres so that every replica sees the same state. Creations are idempotent by key,
 * as Stripe's are: a second call with the same key answers the first one's row.
 */
@Injectable()
export class TestModeRepository extends BaseRepository {
  async createIntentOnce(
    intent: Omit<TestIntentEntity, 'refundCalls' | 'refundedCents' | 'captureCalls' | 'createdAt' | 'updatedAt'>,
  ): Promise<TestIntentEntity> {
    await this.db.createQueryBuilder().insert().into(TestIntentEntity).values(intent).orIgnore().execute();
    return this.db.getRepository(TestIntentEntity).findOneByOrFail({ idempotencyKey: intent.idempotencyKey });
  }

  findIntent(id: string): Promise<TestIntentEntity | null> {
    return this.db.getRepository(TestIntentEntity).findOneBy({ id });
  }

  lockIntentBySecret(clientSecret: string): Promise<TestIntentEntity | null> {
    return this.db
      .getRepository(TestIntentEntity)
      .findOne({ where: { clientSecret }, lock: { mode: 'pessimistic_write' } });
  }

  saveIntent(intent: TestIntentEntity): Promise<TestIntentEntity> {
    return this.db.getRepository(TestIntentEntity).save(intent);
  }

  /** A succeeded intent is refunded; `refund_calls` counts the calls, so tests can check that money goes back once. */
  async refundIntent(id: string, amountCents?: number): Promise<void> {
    await this.db.getRepository(TestIntentEntity).update(
      { id, status: 'succeeded' },
      {
        refunded: true,
        refundCalls: () => 'refund_calls + 1',
        refundedCents: amountCents === undefined ? () => 'amount_cents' : amountCents,
      },
    );
  }

  /** Only an authorised intent is captured; `capture_calls` counts the captures, so tests can check that each happens once. */
  async captureIntent(id: string): Promise<void> {
    await this.db
      .getRepository(TestIntentEntity)
      .update({ id, status: 'requires_capture' }, { status: 'succeeded', captureCalls: () => 'capture_calls + 1' });
  }

  /** Any intent but a succeeded one can be cancelled (an authorised one is released: the card is never charged). */
  async cancelIntent(id: string): Promise<void> {
    await this.db
      .createQueryBuilder()
      .update(TestIntentEntity)
      .set({ status: 'canceled' })
      .where('id = :id AND status <> :succeeded', { id, succeeded: 'succeeded' })
      .execute();
  }

  async createAccountOnce(account: Omit<TestAccountEntity, 'createdAt'>): Promise<TestAccountEntity> {
    await this.db.createQueryBuilder().insert().into(TestAccountEntity).values(account).orIgnore().execute();
    return this.db.getRepository(TestAccountEntity).findOneByOrFail({ idempotencyKey: account.idempotencyKey });
  }

  findAccount(id: string): Promise<TestAccountEntity | null> {
    return this.db.getRepository(TestAccountEntity).findOneBy({ id });
  }

  saveAccount(account: TestAccountEntity): Promise<TestAccountEntity> {
    return this.db.getRepository(TestAccountEntity).save(account);
  }

  async lockAccount(id: string): Promise<void> {
    await this.db.getRepository(TestAccountEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The account's links not used yet expire now (a newer link replaces them). */
  async revokeLinks(accountId: string): Promise<void> {
    await this.db
      .createQueryBuilder()
      .update(TestAccountLinkEntity)
      .set({ expiresAt: () => 'least(expires_at, now())' })
      .where('account_id = :accountId AND used_at IS NULL', { accountId })
      .execute();
  }

  async insertLink(link: TestAccountLinkEntity): Promise<void> {
    await this.db.getRepository(TestAccountLinkEntity).insert(link);
  }

  findLink(token: string): Promise<TestAccountLinkEntity | null> {
    return this.db.getRepository(TestAccountLinkEntity).findOneBy({ token });
  }

  lockLink(token: string): Promise<TestAccountLinkEntity | null> {
    return this.db
      .getRepository(TestAccountLinkEntity)
      .findOne({ where: { token }, lock: { mode: 'pessimistic_write' } });
  }

  saveLink(link: TestAccountLinkEntity): Promise<TestAccountLinkEntity> {
    return this.db.getRepository(TestAccountLinkEntity).save(link);
  }

  async createTransferOnce(transfer: Omit<TestTransferEntity, 'createdAt'>): Promise<TestTransferEntity> {
    await this.db.createQueryBuilder().insert().into(TestTransferEntity).values(transfer).orIgnore().execute();
    return this.db.getRepository(TestTransferEntity).findOneByOrFail({ idempotencyKey: transfer.idempotencyKey });
  }

  async reverseTransfer(id: string): Promise<void> {
    await this.db.getRepository(TestTransferEntity).update({ id }, { reversed: true });
  }
}
