import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import {
  ErrorCode, EVENTS, GuestInfoDto, PAYMENT_MESSAGES, RPC, ShippingInfoDto, toFieldErrors,
  type ConfirmTestPaymentRequest, type CreatePaymentIntentRequest, type Done, type HandleWebhookRequest,
  type ListOrdersRequest, type OrdersDto, type PaymentIntentDto, type PaymentStatusDto, type ReconcilePaymentRequest,
  type TestPaymentOutcomeDto,
} from '@souvenir/contracts';
import { DomainError, Outbox, RpcClient } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { InvalidWebhookSignature, PaymentProvider, type ProviderEvent, type ProviderIntent } from '../providers/payment-provider';
import { TestModePaymentProvider } from '../providers/test-mode.provider';
import { OrderEntity } from './order.entity';
import { fromCents, toAddresses, toCents, toOrderDto, toOrderFailedEvent, toOrderPaidEvent } from './order.mapper';
import { OrdersRepository } from './orders.repository';

const CURRENCY = 'usd';
const DONE: Done = { ok: true };

/** Who pays and where the item goes, checked against the spec's rules for a guest or a signed-in buyer. */
interface Buyer {
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  info: ShippingInfoDto;
}

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersRepository,
    private readonly provider: PaymentProvider,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Starts (or resumes) a checkout: the amount is the product's current price, computed here. A retry by the same
   * buyer reuses the unpaid order and its intent; a new intent carries an idempotency key derived from the order id.
   */
  async createIntent(request: CreatePaymentIntentRequest): Promise<PaymentIntentDto> {
    const buyer = await this.checkBuyer(request);
    const product = await this.rpc.send(RPC.catalog.getProduct, { productId: request.productId, removedAsConflict: true });
    if (product.seller.id === request.actorId) throw DomainError.forbidden(PAYMENT_MESSAGES.ownProduct);
    if (product.status !== 'active' || (await this.orders.hasPaidOrder(product.id))) throw DomainError.conflict(PAYMENT_MESSAGES.noLongerAvailable);
    const amountCents = toCents(product.price)!;
    if (toCents(request.amount) !== amountCents) throw DomainError.conflict(PAYMENT_MESSAGES.priceChanged);

    const { billing, delivery } = toAddresses(buyer.info);
    let order = await this.orders.findOpen(product.id, buyer, amountCents, this.provider.name);
    if (!order) {
      order = this.dataSource.manager.create(OrderEntity, {
        productId: product.id, productTitle: product.title, productImage: product.images[0] ?? null, sellerId: product.seller.id,
        buyerUserId: buyer.userId, amountCents, currency: CURRENCY, provider: this.provider.name, providerPaymentId: null, status: 'pending',
        failureMessage: null,
      });
    }
    Object.assign(order, {
      contactEmail: buyer.email, contactFirstName: buyer.firstName, contactLastName: buyer.lastName, contactPhone: buyer.phone,
      billingAddress: billing, deliveryAddress: delivery,
    });
    order = await this.dataSource.manager.save(order);

    let intent = order.providerPaymentId ? await this.provider.retrieveIntent(order.providerPaymentId) : null;
    if (!intent || intent.status === 'canceled') {
      intent = await this.provider.createIntent({
        orderId: order.id, productId: product.id, amountCents, currency: CURRENCY,
        idempotencyKey: `order-${order.id}${order.providerPaymentId ? `-${Date.now()}` : ''}`,
      });
      await this.dataSource.manager.update(OrderEntity, { id: order.id }, { providerPaymentId: intent.id });
    }
    return {
      clientSecret: intent.clientSecret ?? '',
      paymentIntentId: intent.id,
      amount: fromCents(amountCents),
      currency: CURRENCY,
      provider: this.provider.name,
      ...(this.provider.publishableKey ? { publishableKey: this.provider.publishableKey } : {}),
    };
  }

  /** The test-mode card form's confirm step; the order follows the intent at once. NOT_FOUND with Stripe. */
  async confirmTestPayment(request: ConfirmTestPaymentRequest): Promise<TestPaymentOutcomeDto> {
    const provider = this.provider;
    if (!(provider instanceof TestModePaymentProvider)) throw DomainError.notFound('Test payments');
    const { intent, outcome } = await provider.confirm(request.paymentIntentId, request.card);
    if (outcome.kind === 'invalid') return { status: 'failed', message: outcome.message };
    await this.applyIntent(intent);
    if (outcome.kind === 'declined') return { status: 'failed', message: outcome.message };
    return { status: outcome.kind };
  }

  /** The success page asks the provider for the intent's state (works without webhooks). */
  async reconcile(request: ReconcilePaymentRequest): Promise<PaymentStatusDto> {
    let order = await this.orders.findByPaymentId(request.paymentIntentId);
    if (!order || (order.buyerUserId !== null && order.buyerUserId !== request.actorId)) throw DomainError.notFound('Payment');
    if (order.status !== 'paid' && order.status !== 'refunded') {
      order = (await this.applyIntent(await this.provider.retrieveIntent(order.providerPaymentId!))) ?? order;
    }
    return {
      status: order.status,
      productId: order.productId,
      ...(order.failureMessage && (order.status === 'failed' || order.status === 'refunded') ? { message: order.failureMessage } : {}),
    };
  }

  /** A provider webhook: verified by the SDK, each event applied once. */
  async handleWebhook(request: HandleWebhookRequest): Promise<Done> {
    if (this.provider.name !== 'stripe') throw DomainError.notFound('Webhook');
    let event: ProviderEvent;
    try {
      event = this.provider.parseWebhook(request.payload, request.signature);
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) throw new DomainError(ErrorCode.ValidationFailed, 'Invalid webhook signature');
      throw error;
    }
    const record = { provider: this.provider.name, id: event.id, type: event.type };
    if (event.intent) await this.applyIntent(event.intent, record);
    else await this.dataSource.transaction((manager) => this.orders.recordProviderEvent(manager, record));
    return DONE;
  }

  async listOrders({ actorId }: ListOrdersRequest): Promise<OrdersDto> {
    const [purchases, sales] = await Promise.all([this.orders.findPurchases(actorId), this.orders.findSales(actorId)]);
    return { purchases: purchases.map((o) => toOrderDto(o, 'purchase')), sales: sales.map((o) => toOrderDto(o, 'sale')) };
  }

  /**
   * A product that was sold or removed can no longer be bought: unpaid intents for it are cancelled. An intent
   * that succeeded meanwhile cannot be cancelled; when it is applied, the paid-once index refunds it.
   */
  async productGone(productId: string, manager: EntityManager): Promise<void> {
    for (const order of await this.orders.findOpenForProduct(manager, productId)) {
      await this.provider.cancel(order.providerPaymentId!).catch((error: Error) =>
        this.logger.warn({ msg: 'could not cancel intent', orderId: order.id, error: error.message }));
      if (order.status !== 'failed') {
        order.status = 'failed';
        order.failureMessage = PAYMENT_MESSAGES.noLongerAvailable;
        await manager.save(order);
        await this.outbox.add(manager, EVENTS.payments.orderFailed, toOrderFailedEvent(order));
      }
    }
  }

  /**
   * Brings the order in line with its provider intent, once per provider event. Paid publishes order paid in
   * the same transaction. The second payment to succeed for one product violates the paid-once index: it is
   * refunded through the provider and the order ends refunded.
   */
  private async applyIntent(intent: ProviderIntent, event?: { provider: string; id: string; type: string }): Promise<OrderEntity | null> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        if (event && !(await this.orders.recordProviderEvent(manager, event))) return null;
        const order = await this.orders.findByPaymentIdForUpdate(manager, intent.id);
        if (!order || order.status === 'paid' || order.status === 'refunded') return order;
        const next = nextStatus(intent);
        if (!next || (next === order.status && order.failureMessage === (intent.lastError ?? order.failureMessage))) return order;
        order.status = next;
        order.failureMessage = next === 'failed' ? intent.lastError ?? PAYMENT_MESSAGES.processingError : null;
        await manager.save(order);
        if (next === 'paid') await this.outbox.add(manager, EVENTS.payments.orderPaid, toOrderPaidEvent(order));
        if (next === 'failed') await this.outbox.add(manager, EVENTS.payments.orderFailed, toOrderFailedEvent(order));
        return order;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.refundSecondPayment(intent, event);
    }
  }

  private async refundSecondPayment(intent: ProviderIntent, event?: { provider: string; id: string; type: string }): Promise<OrderEntity | null> {
    const order = await this.orders.findByPaymentId(intent.id);
    if (!order) return null;
    this.logger.warn({ msg: 'product already sold: refunding the later payment', orderId: order.id, productId: order.productId });
    await this.provider.refund(intent.id, `refund-${order.id}`);
    return this.dataSource.transaction(async (manager) => {
      if (event) await this.orders.recordProviderEvent(manager, event);
      const locked = (await this.orders.findByPaymentIdForUpdate(manager, intent.id))!;
      if (locked.status === 'paid' || locked.status === 'refunded') return locked;
      locked.status = 'refunded';
      locked.failureMessage = PAYMENT_MESSAGES.soldToAnotherBuyer;
      await manager.save(locked);
      await this.outbox.add(manager, EVENTS.payments.orderFailed, toOrderFailedEvent(locked));
      return locked;
    });
  }

  /** Guests send the whole form; signed-in buyers the address part, with contact details from their account. */
  private async checkBuyer(request: CreatePaymentIntentRequest): Promise<Buyer> {
    const guest = !request.actorId;
    if (!request.guestInfo) {
      const message = guest ? 'Your contact and shipping information is required' : 'Your shipping information is required';
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'guestInfo', message }]);
    }
    const info = plainToInstance(guest ? GuestInfoDto : ShippingInfoDto, { ...request.guestInfo });
    const errors = toFieldErrors(await validate(info, { forbidUnknownValues: false }), 'guestInfo');
    if (errors.length) throw new DomainError(ErrorCode.ValidationFailed, errors[0].message, errors);
    const me = guest ? null : await this.rpc.send(RPC.identity.getMe, { actorId: request.actorId! });
    return {
      userId: request.actorId ?? null,
      email: (info.email || me?.email || '').toLowerCase(),
      firstName: info.firstName || me?.firstName || '',
      lastName: info.lastName || me?.lastName || '',
      phone: info.phone || null,
      info,
    };
  }
}

/** The order status an intent status means; null when it changes nothing (still processing). */
function nextStatus(intent: ProviderIntent): OrderEntity['status'] | null {
  switch (intent.status) {
    case 'succeeded': return 'paid';
    case 'requires_action': return 'requires_action';
    case 'canceled': return 'failed';
    case 'requires_payment_method': return intent.lastError ? 'failed' : null;
    default: return null;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.code === '23505' || e?.driverError?.code === '23505';
}
