import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import {
  ADDRESS_BOOK_MESSAGES,
  awayCheckoutMessage,
  BUNDLE_MESSAGES,
  bundlePrice,
  itemShares,
  BLOCK_MESSAGES,
  countryOfLocation,
  crossBorderMessage,
  ErrorCode,
  EVENTS,
  GuestInfoDto,
  OFFER_MESSAGES,
  PAYMENT_MESSAGES,
  RESERVATION_MESSAGES,
  RPC,
  ShippingInfoDto,
  toFieldErrors,
  isAfterPayment,
  CHECKOUT_HOLD_MINUTES,
  type ConfirmTestPaymentRequest,
  type GetOpenCheckoutRequest,
  type OpenCheckoutDto,
  type CreatePaymentIntentRequest,
  type PaymentIntentDto,
  type PaymentStatusDto,
  type ProductDto,
  type ReconcilePaymentRequest,
  type TestPaymentOutcomeDto,
} from '@souvenir/contracts';
import { blockBetween, DomainError, Outbox, RpcClient } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { AddressBookService } from '../addresses/address-book.service';
import type { EntityManager } from 'typeorm';
import { OffersService } from '../offers/offers.service';
import { PaymentProvider } from '../providers/payment-provider';
import { hashCheckoutToken as hashToken, newCheckoutToken } from '../orders/checkout-token';
import { IntentSync } from './intent-sync';
import { fromCents, toAddresses, toCents, toOrderFailedEvent } from '../orders/order.mapper';
import { OrdersRepository } from '../orders/orders.repository';
import { OrderItemsRepository } from '../orders/order-items.repository';
import { BundleDiscounts } from '../sellers/bundle-discounts';
import { Settlement } from './settlement';

const CURRENCY = 'usd';

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
export class CheckoutService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly provider: PaymentProvider,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    private readonly intents: IntentSync,
    private readonly settlement: Settlement,
    private readonly addressBook: AddressBookService,
    private readonly dataSource: DataSource,
    private readonly offers: OffersService,
    private readonly items: OrderItemsRepository,
    private readonly bundleDiscounts: BundleDiscounts,
  ) {}

  /**
   * Starts (or resumes) a checkout of one product or of a bundle of one seller's items: the amount is computed here
   * from the current prices (and the seller's bundle discount). A retry by the same buyer reuses the unpaid order
   * and its intent: a signed-in buyer's by their account, a guest's only with the checkout token answered to their
   * browser when the checkout started. Nobody else ever gets an order's secret.
   */
  async createIntent(request: CreatePaymentIntentRequest): Promise<PaymentIntentDto> {
    const bundle = request.productIds !== undefined;
    if (request.offerId) this.offers.refuseGuest(request.actorId);
    const info = await this.shippingInfoOf(request);
    const productIds = request.productIds ?? [request.productId!];
    // The buyer's account and the products come from two services that do not depend on each other: asked together.
    const [buyer, products] = await Promise.all([
      this.buyerOf(request, info),
      this.productsOf(productIds, request.actorId),
    ]);
    const seller = products[0].seller;
    if (products.some((p) => p.seller.id !== seller.id)) {
      const message = BUNDLE_MESSAGES.oneSeller;
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'productIds', message }]);
    }
    // In a bundle, each refusal names its item: the buyer sees which one to take out.
    const named = (product: ProductDto, message: string) => (bundle ? `${product.title}: ${message}` : message);
    if (seller.id === request.actorId) throw DomainError.forbidden(named(products[0], PAYMENT_MESSAGES.ownProduct));
    if (buyer.userId) await this.refuseBlocked(buyer.userId, seller.id);
    const sold = await this.orders.soldAmong(productIds);
    for (const product of products)
      if (product.status !== 'active' || sold.has(product.id))
        throw DomainError.conflict(named(product, PAYMENT_MESSAGES.noLongerAvailable));
    // Away mode: nobody buys until the seller is back (catalog answers the return date with the product, fresh).
    if (seller.awayUntil) throw DomainError.conflict(awayCheckoutMessage(seller.awayUntil));
    // Reserved for someone else (a guest is never the one): catalog's answer is read at this checkout, not a copy.
    for (const product of products)
      if (product.reservedUntil && product.reservedFor?.id !== buyer.userId)
        throw DomainError.conflict(named(product, RESERVATION_MESSAGES.checkoutReserved(product.reservedUntil)));
    // The server's figure, never the client's: an accepted offer of this buyer, the price, or the bundle's price
    // with the seller's discount (read from its owner, here, at this checkout).
    const priceCents = products.map((product) => toCents(product.price)!);
    let amountCents = priceCents[0];
    let discountCents = 0;
    if (request.offerId) {
      // A bundle offer's items in the order offered; the shares below spread its amount pro rata to the prices.
      amountCents = await this.offers.agreedAmount(
        request.offerId,
        buyer.userId ?? undefined,
        products.map((product) => product.id),
      );
    } else if (bundle) {
      const discount = await this.bundleDiscounts.of(this.dataSource.manager, seller.id);
      const price = bundlePrice(
        products.map((product) => product.price),
        discount,
      );
      amountCents = toCents(price.total)!;
      discountCents = toCents(price.discount)!;
    }
    if (toCents(request.amount) !== amountCents)
      throw DomainError.conflict(request.offerId ? OFFER_MESSAGES.payAmountDiffers : PAYMENT_MESSAGES.priceChanged);
    for (const product of products) refuseCrossBorder(product.shipsFrom, info, bundle ? product.title : null);
    const savedAddressId = await this.savedAddressOf(request, buyer);

    let checkoutToken = buyer.userId ? null : (request.checkoutToken ?? null);
    const owner = buyer.userId
      ? { userId: buyer.userId }
      : checkoutToken
        ? { checkoutTokenHash: hashToken(checkoutToken) }
        : null;
    let order = owner ? await this.orders.findOpen(productIds, owner, amountCents, this.provider.name) : null;
    const resumed = order !== null;
    const first = products[0];
    if (!order) {
      if (!buyer.userId) checkoutToken = newCheckoutToken();
      order = this.orders.create({
        productId: first.id,
        productTitle: first.title,
        productImage: first.images[0] ?? null,
        sellerId: seller.id,
        sellerName: `${seller.firstName} ${seller.lastName}`.trim(),
        buyerUserId: buyer.userId,
        amountCents,
        currency: CURRENCY,
        provider: this.provider.name,
        providerPaymentId: null,
        status: 'pending',
        failureMessage: null,
        checkoutTokenHash: checkoutToken ? hashToken(checkoutToken) : null,
      });
    }
    const { billing, delivery } = toAddresses(buyer.info);
    Object.assign(order, {
      discountCents,
      contactEmail: buyer.email,
      contactFirstName: buyer.firstName,
      contactLastName: buyer.lastName,
      contactPhone: buyer.phone,
      billingAddress: billing,
      deliveryAddress: delivery,
      savedAddressId,
    });
    // The order and its items commit together (only our rows: the provider is called after the commit).
    const shares = itemShares(priceCents, amountCents);
    const items = products.map((product, i) => ({
      productId: product.id,
      title: product.title,
      image: product.images[0] ?? null,
      priceCents: priceCents[i],
      shareCents: shares[i],
    }));
    order = await this.dataSource.transaction(async (manager) => {
      const saved = await this.orders.withManager(manager).save(order!);
      const orderItems = this.items.withManager(manager);
      await (resumed ? orderItems.refresh(saved.id, items) : orderItems.insert(saved.id, items));
      return saved;
    });

    let intent = order.providerPaymentId ? await this.provider.retrieveIntent(order.providerPaymentId) : null;
    if (!intent || intent.status === 'canceled') {
      intent = await this.provider.createIntent({
        orderId: order.id,
        productId: first.id,
        amountCents,
        currency: CURRENCY,
        idempotencyKey: `order-${order.id}${order.providerPaymentId ? `-${Date.now()}` : ''}`,
      });
      await this.orders.setPaymentId(order.id, intent.id);
    }
    return {
      clientSecret: intent.clientSecret ?? '',
      paymentIntentId: intent.id,
      amount: fromCents(amountCents),
      currency: CURRENCY,
      provider: this.provider.name,
      ...(this.provider.publishableKey ? { publishableKey: this.provider.publishableKey } : {}),
      ...(checkoutToken ? { checkoutToken } : {}),
    };
  }

  /**
   * The items as the buyer sees them, in the order asked. One product: catalog's product answer (a reservation names
   * its buyer to them). A bundle: one request for all of them; only a reserved one is asked again with the viewer,
   * to learn whether it is reserved for this buyer.
   */
  private async productsOf(productIds: string[], viewerId: string | undefined): Promise<ProductDto[]> {
    const viewer = viewerId ? { viewerId } : {};
    if (productIds.length === 1)
      return [
        await this.rpc.send(RPC.catalog.getProduct, { productId: productIds[0], removedAsConflict: true, ...viewer }),
      ];
    const found = await this.rpc.send(RPC.catalog.getProductsByIds, { productIds });
    const byId = new Map(found.map((product) => [product.id.toLowerCase(), product]));
    const products = productIds.map((id) => byId.get(id.toLowerCase()));
    if (products.some((product) => !product)) throw DomainError.conflict(BUNDLE_MESSAGES.itemGone);
    return Promise.all(
      products.map((product) =>
        product!.reservedUntil && viewerId
          ? this.rpc.send(RPC.catalog.getProduct, { productId: product!.id, removedAsConflict: true, ...viewer })
          : product!,
      ),
    );
  }

  /** Catalog asks before an edit: the amount of a checkout in progress is fixed, so its listing waits. */
  async openCheckout(request: GetOpenCheckoutRequest): Promise<OpenCheckoutDto> {
    return {
      open: await this.orders.hasOpenCheckout(request.productId, CHECKOUT_HOLD_MINUTES, request.exceptBuyerId ?? null),
    };
  }

  /**
   * The test-mode card form's confirm step, by client secret as Stripe.js confirms; the order follows the intent
   * at once. NOT_FOUND with Stripe.
   */
  async confirmTestPayment(request: ConfirmTestPaymentRequest): Promise<TestPaymentOutcomeDto> {
    const testMode = this.provider.testMode;
    if (!testMode) throw DomainError.notFound('Test payments');
    const { intent, outcome } = await testMode.confirm(request.clientSecret, request.card);
    if (outcome.kind === 'invalid') return { status: 'failed', message: outcome.message };
    const order = await this.intents.apply(intent);
    if (outcome.kind === 'declined') return { status: 'failed', message: outcome.message };
    // The card was authorised but the item went to someone else meanwhile: the authorisation was released, say so.
    if (outcome.kind === 'succeeded' && order && !isAfterPayment(order.status))
      return { status: 'failed', message: order.failureMessage ?? PAYMENT_MESSAGES.soldToAnotherBuyerNotCharged };
    return { status: outcome.kind };
  }

  /**
   * The success page asks the provider for the intent's state (works without webhooks). Only the buyer may ask:
   * by their session for their own order, or, for a guest, with the intent's client secret. Anyone else: NOT_FOUND.
   */
  async reconcile(request: ReconcilePaymentRequest): Promise<PaymentStatusDto> {
    let order = await this.orders.findByPaymentId(request.paymentIntentId);
    if (!order) throw DomainError.notFound('Payment');
    const ownsBySession = order.buyerUserId !== null && order.buyerUserId === request.actorId;
    let intent = null;
    if (!ownsBySession) {
      intent = request.clientSecret ? await this.provider.retrieveIntent(order.providerPaymentId!) : null;
      if (!intent || !sameSecret(intent.clientSecret, request.clientSecret!)) throw DomainError.notFound('Payment');
    }
    if (!isAfterPayment(order.status)) {
      order =
        (await this.intents.apply(intent ?? (await this.provider.retrieveIntent(order.providerPaymentId!)))) ?? order;
    }
    return {
      status: order.status,
      productId: order.productId,
      ...(order.paidAt ? { orderId: order.id, amount: fromCents(order.amountCents) } : {}),
      ...(order.failureMessage && (order.status === 'failed' || order.status === 'refunded')
        ? { message: order.failureMessage }
        : {}),
    };
  }

  /**
   * A product that was sold or removed can no longer be bought: its unpaid checkouts are closed here, in the
   * consumer's transaction and without calling the provider, and each gets a durable job that cancels its intent
   * after the commit (or refunds it, if it succeeded meanwhile).
   */
  async productGone(productId: string, manager: EntityManager): Promise<void> {
    await this.closeOpenCheckouts(manager, productId, PAYMENT_MESSAGES.noLongerAvailable);
  }

  /**
   * The seller reserved the product for one buyer (catalog's reserved event): everyone else's unpaid checkout of it is
   * closed as a sold product's are, and any authorisation on it released by the settle job. Catalog refuses to
   * reserve while another buyer is paying, so these are checkouts abandoned for a while, or one that started in the
   * moment between catalog's question and its commit.
   */
  async productReserved(productId: string, buyerId: string, manager: EntityManager): Promise<void> {
    await this.closeOpenCheckouts(manager, productId, RESERVATION_MESSAGES.checkoutClosedByReservation, buyerId);
  }

  private async closeOpenCheckouts(
    manager: EntityManager,
    productId: string,
    message: string,
    exceptBuyerId: string | null = null,
  ): Promise<void> {
    const orders = this.orders.withManager(manager);
    for (const order of await orders.lockOpenForProduct(productId)) {
      if (exceptBuyerId && order.buyerUserId === exceptBuyerId) continue;
      const wasFailed = order.status === 'failed';
      order.status = 'failed';
      order.failureMessage = message;
      order.closedAt = new Date();
      await orders.save(order);
      if (!wasFailed) await this.outbox.add(manager, EVENTS.payments.orderFailed, toOrderFailedEvent(order));
      if (order.providerPaymentId) await this.settlement.scheduleSettle(manager, order);
    }
  }

  /**
   * A block ends dealings both ways: neither buys from the other. The one who blocked is told so; the other reads a
   * sentence that is the same whoever blocked (a guest checkout carries no account and is not checked).
   */
  private async refuseBlocked(buyerId: string, sellerId: string): Promise<void> {
    const block = await blockBetween(this.dataSource, 'payments', buyerId, sellerId);
    if (block !== 'none')
      throw DomainError.forbidden(block === 'other' ? BLOCK_MESSAGES.cannotBuy : BLOCK_MESSAGES.youBlockedBuy);
  }

  private async shippingInfoOf(request: CreatePaymentIntentRequest): Promise<GuestInfoDto | ShippingInfoDto> {
    if (!request.addressId) return this.checkShippingInfo(request);
    // Guests have no address book: any address id is one they do not own.
    if (!request.actorId) throw new DomainError(ErrorCode.NotFound, ADDRESS_BOOK_MESSAGES.notFound);
    return this.addressBook.shippingInfoOf(request.actorId, request.addressId);
  }

  /** The address book entry this checkout ships to, saved now if the buyer asked ("Save this address"); else null. */
  private async savedAddressOf(request: CreatePaymentIntentRequest, buyer: Buyer): Promise<string | null> {
    if (!buyer.userId) return null;
    if (request.addressId) return request.addressId;
    if (request.saveAddress !== true) return null;
    return this.addressBook.saveFromCheckout(buyer.userId, buyer.info, buyer);
  }

  /** Guests send the whole form; signed-in buyers the address part (their contact details are their account's). */
  private async checkShippingInfo(request: CreatePaymentIntentRequest): Promise<GuestInfoDto | ShippingInfoDto> {
    const guest = !request.actorId;
    if (!request.guestInfo) {
      const message = guest
        ? 'Your contact and shipping information is required'
        : 'Your shipping information is required';
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'guestInfo', message }]);
    }
    const info = plainToInstance(guest ? GuestInfoDto : ShippingInfoDto, { ...request.guestInfo });
    const errors = toFieldErrors(await validate(info, { forbidUnknownValues: false }), 'guestInfo');
    if (errors.length) throw new DomainError(ErrorCode.ValidationFailed, errors[0].message, errors);
    return info;
  }

  /** Who pays: a guest as they filled the form, a signed-in buyer with the contact details of their account. */
  private async buyerOf(request: CreatePaymentIntentRequest, info: GuestInfoDto | ShippingInfoDto): Promise<Buyer> {
    const me = request.actorId ? await this.rpc.send(RPC.identity.getMe, { actorId: request.actorId }) : null;
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

/**
 * Delivery is domestic: an item whose seller's country is known ships only within it. A delivery country
 * is read like a location ("USA" is the United States); an item with no known country is not checked.
 */
function refuseCrossBorder(
  shipsFrom: string | null | undefined,
  info: GuestInfoDto | ShippingInfoDto,
  itemTitle: string | null,
): void {
  if (!shipsFrom) return;
  const { delivery } = toAddresses(info);
  const deliveryCountry = countryOfLocation(delivery.country) ?? delivery.country;
  if (deliveryCountry === shipsFrom) return;
  const sentence = crossBorderMessage(shipsFrom, deliveryCountry);
  const message = itemTitle ? `${itemTitle}: ${sentence}` : sentence;
  const field = info.sameAsDelivery ? 'guestInfo.billingCountry' : 'guestInfo.deliveryCountry';
  throw new DomainError(ErrorCode.ValidationFailed, message, [{ field, message }]);
}

/** Compares client secrets in constant time. */
function sameSecret(expected: string | null, given: string): boolean {
  if (!expected) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
