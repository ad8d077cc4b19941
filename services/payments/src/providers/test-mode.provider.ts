import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES, type TestCardDto } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import {
  InvalidWebhookSignature, PaymentProvider, type CreateIntentInput, type ProviderEvent, type ProviderIntent,
} from './payment-provider';
import { evaluateTestCard, type TestCardOutcome } from './test-cards';
import { TestIntentEntity } from './test-intent.entity';

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

/**
 * The built-in provider used when no Stripe key is configured (never in production). It follows Stripe's
 * test cards; intents live in Postgres so that every replica sees the same state.
 */
export class TestModePaymentProvider extends PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = undefined;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const id = `pi_test_${token(18)}`;
    await this.dataSource.createQueryBuilder().insert().into(TestIntentEntity).values({
      id,
      clientSecret: `${id}_secret_${token(18)}`,
      idempotencyKey: input.idempotencyKey,
      amountCents: input.amountCents,
      currency: input.currency,
      status: 'requires_payment_method',
      lastError: null,
      refunded: false,
      metadata: { orderId: input.orderId, productId: input.productId },
    }).orIgnore().execute();
    const row = await this.dataSource.getRepository(TestIntentEntity).findOneByOrFail({ idempotencyKey: input.idempotencyKey });
    return toIntent(row);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const row = await this.dataSource.getRepository(TestIntentEntity).findOneBy({ id });
    if (!row) throw DomainError.notFound('Payment');
    return toIntent(row);
  }

  /** The card form's confirm step (what Stripe.js confirmCardPayment does against Stripe). */
  async confirm(id: string, card: TestCardDto): Promise<{ intent: ProviderIntent; outcome: TestCardOutcome }> {
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.getRepository(TestIntentEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw DomainError.notFound('Payment');
      if (row.status === 'succeeded') return { intent: toIntent(row), outcome: { kind: 'succeeded' } as const };
      // Cancelled because the item was sold to someone else or removed.
      if (row.status === 'canceled') return { intent: toIntent(row), outcome: { kind: 'invalid', message: PAYMENT_MESSAGES.noLongerAvailable } as const };
      const outcome = evaluateTestCard(card);
      if (outcome.kind === 'invalid') return { intent: toIntent(row), outcome };
      row.status = outcome.kind === 'succeeded' ? 'succeeded' : outcome.kind === 'requires_action' ? 'requires_action' : 'requires_payment_method';
      row.lastError = outcome.kind === 'declined' ? outcome.message : null;
      await manager.save(row);
      return { intent: toIntent(row), outcome };
    });
  }

  async refund(intentId: string): Promise<void> {
    await this.dataSource.getRepository(TestIntentEntity).update({ id: intentId, status: 'succeeded' }, { refunded: true });
  }

  async cancel(intentId: string): Promise<void> {
    await this.dataSource.createQueryBuilder().update(TestIntentEntity).set({ status: 'canceled' })
      .where('id = :id AND status <> :succeeded', { id: intentId, succeeded: 'succeeded' }).execute();
  }

  parseWebhook(): ProviderEvent {
    throw new InvalidWebhookSignature('The test-mode provider sends no webhooks');
  }
}

function toIntent(row: TestIntentEntity): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    lastError: row.lastError,
    orderId: row.metadata.orderId ?? null,
  };
}
