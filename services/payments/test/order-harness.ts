import type { INestApplication } from '@nestjs/common';
import { RPC, type OrderDetailDto, type ShippingInfoDto } from '@souvenir/contracts';
import { DomainError, type RpcClient } from '@souvenir/platform';
import { rpcClient, startService, startTestInfra, type TestInfra } from '@souvenir/testing';
import { AppModule as CatalogModule, SERVICE_NAME as CATALOG } from '../../catalog/src/app.module';
import { CatalogConfig } from '../../catalog/src/config/catalog.config';
import { AppModule as IdentityModule, SERVICE_NAME as IDENTITY } from '../../identity/src/app.module';
import { IdentityConfig } from '../../identity/src/config/identity.config';
import { AppModule, SERVICE_NAME } from '../src/app.module';
import { PaymentsConfig } from '../src/config/payments.config';
import { signedTestEvent } from '../src/providers/test-mode/test-webhooks';

/** A seller's onboarding form, filled with values the test-mode provider accepts (as Stripe's test mode would). */
export const ONBOARDING_DETAILS = {
  legalName: 'Sally Test',
  dateOfBirth: '1901-01-01',
  addressLine: '1 Main St',
  city: 'Springfield',
  postalCode: '10001',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};
/** Where onboarding sends the seller back to. */
export const ONBOARDING_URLS = {
  returnUrl: 'http://localhost:3000/profile/payouts?onboarding=return',
  refreshUrl: 'http://localhost:3000/profile/payouts?onboarding=refresh',
};
/** Stripe's test card that always succeeds. */
export const SUCCEEDING_CARD = {
  number: '4242424242424242',
  expMonth: '12',
  expYear: String(new Date().getUTCFullYear() + 2),
  cvc: '123',
  postalCode: '10001',
};
/** The token of a test-mode onboarding link. */
export const onboardingToken = (url: string) => new URL(url).pathname.split('/').pop()!;

/** identity, catalog and payments on real Postgres/NATS, with the people of an order: seller, buyer, stranger, support. */
export class OrderHarness {
  infra!: TestInfra;
  rpc!: RpcClient;
  /** The latest payments replica started (tests may run several). */
  payments!: INestApplication;
  private replicas: INestApplication[] = [];
  private others: INestApplication[] = [];
  private closeRpc!: () => Promise<void>;
  seller!: string;
  buyer!: string;
  stranger!: string;
  support!: string;
  private n = 0;

  constructor(private readonly paymentsEnv: Record<string, string> = {}) {}

  async start(): Promise<void> {
    this.infra = await startTestInfra();
    this.others.push(await startService(IDENTITY, IdentityConfig, (c) => IdentityModule.register(c), this.infra));
    this.others.push(await startService(CATALOG, CatalogConfig, (c) => CatalogModule.register(c), this.infra));
    await this.startPayments();
    ({ rpc: this.rpc, close: this.closeRpc } = await rpcClient(this.infra, 8000));
    [this.seller, this.buyer, this.stranger, this.support] = await Promise.all(
      ['sally', 'bob', 'stan', 'sue'].map(
        async (name) =>
          (
            await this.rpc.send(RPC.identity.register, {
              email: `${name}@example.com`,
              password: 'secret1',
              username: name,
              firstName: name[0].toUpperCase() + name.slice(1),
              lastName: 'Test',
            })
          ).id,
      ),
    );
    await this.infra.database.query(`UPDATE identity.users SET role = 'support' WHERE id = $1`, [this.support]);
  }

  async startPayments(): Promise<void> {
    this.payments = await startService(
      SERVICE_NAME,
      PaymentsConfig,
      (c) => AppModule.register(c),
      this.infra,
      this.paymentsEnv,
    );
    this.replicas.push(this.payments);
  }

  /** Stops every payments replica (as a deploy or a crash would). */
  async stopPayments(): Promise<void> {
    for (const app of this.replicas.splice(0)) await app.close();
  }

  async stop(): Promise<void> {
    await this.closeRpc?.();
    await this.stopPayments();
    for (const app of this.others.reverse()) await app.close();
    await this.infra?.stop();
  }

  /** A fresh product bought and paid for by the buyer (a member), or by a guest: answers the order id and the guest's token. */
  async buy(
    as: 'member' | 'guest' = 'member',
    seller = this.seller,
  ): Promise<{ orderId: string; token: string | null; productId: string }> {
    const product = await this.listProduct(seller);
    const shipping: ShippingInfoDto = {
      billingStreet: '1 Main St',
      billingCity: 'Springfield',
      billingZip: '10001',
      sameAsDelivery: true,
    };
    const intent = await this.rpc.send(RPC.payments.createIntent, {
      productId: product.id,
      amount: '20.00',
      ...(as === 'member'
        ? { actorId: this.buyer, guestInfo: shipping }
        : { guestInfo: { ...shipping, email: 'gia@example.com', firstName: 'Gia', lastName: 'Guest' } }),
    });
    await this.rpc.send(RPC.payments.confirmTestPayment, { clientSecret: intent.clientSecret, card: SUCCEEDING_CARD });
    const [row] = await this.infra.database.query<{ id: string }>(
      'SELECT id FROM payments.orders WHERE provider_payment_id = $1',
      [intent.paymentIntentId],
    );
    return { orderId: row.id, token: intent.checkoutToken ?? null, productId: product.id };
  }

  /** A bundle of `count` fresh products (20.00 each, no discount) bought and paid for by the buyer, a member. */
  async buyBundle(count = 2, seller = this.seller): Promise<{ orderId: string; productIds: string[] }> {
    const productIds: string[] = [];
    for (let i = 0; i < count; i++) productIds.push((await this.listProduct(seller)).id);
    const intent = await this.rpc.send(RPC.payments.createIntent, {
      productIds,
      amount: (20 * count).toFixed(2),
      actorId: this.buyer,
      guestInfo: { billingStreet: '1 Main St', billingCity: 'Springfield', billingZip: '10001', sameAsDelivery: true },
    });
    await this.rpc.send(RPC.payments.confirmTestPayment, { clientSecret: intent.clientSecret, card: SUCCEEDING_CARD });
    const [row] = await this.infra.database.query<{ id: string }>(
      'SELECT id FROM payments.orders WHERE provider_payment_id = $1',
      [intent.paymentIntentId],
    );
    return { orderId: row.id, productIds };
  }

  /** A fresh product on sale at 20.00. */
  listProduct(seller = this.seller) {
    return this.rpc.send(RPC.catalog.createProduct, {
      actorId: seller,
      product: {
        title: `Souvenir ${++this.n}`,
        description: 'A lovely handmade souvenir brought home from far away.',
        price: 20,
        condition: 'new',
        category: 'Art & Crafts',
        country: 'Japan',
        images: ['https://example.com/s.jpg'],
        isCustomsVerified: true,
      },
    });
  }

  /** The seller's payout account, onboarded through the test-mode page; answers where the page sends them back. */
  async onboard(actorId: string, overrides: Partial<typeof ONBOARDING_DETAILS> = {}): Promise<{ returnUrl: string }> {
    const { url } = await this.rpc.send(RPC.payments.createPayoutAccount, { actorId, ...ONBOARDING_URLS });
    return this.rpc.send(RPC.payments.completeTestOnboarding, {
      token: onboardingToken(url),
      ...ONBOARDING_DETAILS,
      ...overrides,
    });
  }

  /** The charge an order's payment made. */
  async chargeOf(orderId: string): Promise<string> {
    const [row] = await this.infra.database.query<{ c: string }>(
      'SELECT provider_charge_id AS c FROM payments.orders WHERE id = $1',
      [orderId],
    );
    return row.c;
  }

  /** A signed card dispute webhook about a charge (`created` orders deliveries, as Stripe's event time does). */
  sendDispute(type: string, chargeId: string, status: string, created: number) {
    const { payload, signature } = signedTestEvent(
      type,
      {
        id: `dp_test_${chargeId.slice(-8)}`,
        object: 'dispute',
        amount: 2000,
        currency: 'usd',
        charge: chargeId,
        payment_intent: null,
        reason: 'fraudulent',
        status,
      },
      created,
    );
    return this.rpc.send(RPC.payments.handleWebhook, { payload, signature });
  }

  /** A new member (a seller of their own, for tests that need a fresh balance). */
  async person(name: string): Promise<string> {
    const username = `${name}${++this.n}`;
    return (
      await this.rpc.send(RPC.identity.register, {
        email: `${username}@example.com`,
        password: 'secret1',
        username,
        firstName: name,
        lastName: 'Test',
      })
    ).id;
  }

  get(orderRef: string, actorId?: string): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.getOrder, { orderRef, ...(actorId ? { actorId } : {}) });
  }

  /** What the test-mode provider did with the order's money. */
  async money(orderId: string): Promise<{ refunded: boolean; refundCalls: number; refundedAt: Date | null }> {
    const [row] = await this.infra.database.query<{
      refunded: boolean;
      refund_calls: number;
      refunded_at: Date | null;
    }>(
      `SELECT i.refunded, i.refund_calls, o.refunded_at FROM payments.orders o JOIN payments.test_intents i ON i.id = o.provider_payment_id WHERE o.id = $1`,
      [orderId],
    );
    return { refunded: row.refunded, refundCalls: Number(row.refund_calls), refundedAt: row.refunded_at };
  }

  async history(
    orderId: string,
  ): Promise<{ actor: string; from_status: string | null; to_status: string; reason: string | null }[]> {
    return this.infra.database.query(
      'SELECT actor, from_status, to_status, reason FROM payments.order_history WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
  }

  /** The order's history as `actor:from>to` steps, oldest first. */
  async transitions(orderId: string): Promise<string[]> {
    return (await this.history(orderId)).map((e) => `${e.actor}:${e.from_status}>${e.to_status}`);
  }

  async statusOf(orderId: string): Promise<string> {
    const [row] = await this.infra.database.query<{ status: string }>(
      'SELECT status FROM payments.orders WHERE id = $1',
      [orderId],
    );
    return row.status;
  }
}

/** The DomainError a call failed with (null when it succeeded). */
export async function errorOf(promise: Promise<unknown>): Promise<DomainError | null> {
  return promise.then(
    () => null,
    (e: unknown) => {
      if (e instanceof DomainError) return e;
      throw e;
    },
  );
}
