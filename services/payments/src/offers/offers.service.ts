import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  awayOfferMessage,
  BUNDLE_MAX_ITEMS,
  BUNDLE_MESSAGES,
  BUNDLE_MIN_ITEMS,
  bundlePrice,
  ErrorCode,
  EVENTS,
  OFFER_MESSAGES,
  RESERVATION_MESSAGES,
  RPC,
  type ActOnOfferRequest,
  type CreateOfferRequest,
  type ListOffersRequest,
  type OfferDto,
  type OffersPageDto,
  type ProductDto,
} from '@souvenir/contracts';
import { blockBetween, DomainError, Outbox, RpcClient, timeIdCursor } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentsConfig } from '../config/payments.config';
import { BundleDiscounts } from '../sellers/bundle-discounts';
import type { OfferEntity } from './offer.entity';
import { OfferJobs, type OfferExpiryJob } from './offer-jobs';
import { lapsed, toOfferChangedEvent, toOfferDto } from './offer.mapper';
import { itemAtLimit, itemIdsOf, sameItems } from './offer-items';
import { decide, type OfferRole } from './offer-rules';
import { OffersRepository } from './offers.repository';
import { centsOf, checkAmount, counterAmountOf } from './offer-amounts';

const CURRENCY = 'usd';
const PAGE_SIZE = 20;
const MS_PER_HOUR = 3_600_000;
const offerCursor = timeIdCursor('createdAt', 'id');

/** What a sale tells the open offers on its items: the order that took them, its items in order. */
export interface SaleOfItems {
  productIds: string[];
  buyerUserId: string | null;
  amountCents: number;
}

/**
 * Offers on an item or a bundle. Every read of another service (the item, the buyer's name, the seller's price) happens
 * before the transaction; a transaction only locks and writes our own rows, the outbox and the deadline's job. Each
 * answer locks the offer's row and checks it against OFFER_RULES, so two answers at once (accept and withdraw) are
 * taken one after the other and the second is refused.
 */
@Injectable()
export class OffersService implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly offers: OffersRepository,
    private readonly offerJobs: OfferJobs,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    private readonly config: PaymentsConfig,
    private readonly bundleDiscounts: BundleDiscounts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.offerJobs.work((job) => this.expire(job));
  }

  /**
   * A buyer's offer on an item, or on a bundle of one seller's items (`productIds`, the lead item first): at least half
   * the current price (a bundle's after the seller's discount, as the checkout computes it), at most the price; every
   * item offerable as a single offer's item is (a refusal names the item in a bundle); three offers per buyer and item
   * at most, a bundle offer counting for each of its items.
   */
  async create(request: CreateOfferRequest): Promise<OfferDto> {
    const bundle = request.productIds !== undefined;
    const productIds = request.productIds ?? [request.productId];
    // The gateway checked these already; payments does not rely on it.
    if (bundle && !validBundleIds(request.productId, productIds)) throw badProductIds();
    const [products, buyer] = await Promise.all([
      this.productsOf(productIds, request.actorId),
      this.rpc.send(RPC.identity.getMe, { actorId: request.actorId }),
    ]);
    const lead = products[0]!;
    const seller = lead.seller;
    if (products.some((product) => product.seller.id !== seller.id)) {
      const message = BUNDLE_MESSAGES.oneSeller;
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'productIds', message }]);
    }
    // In a bundle, each refusal names its item: the buyer sees which one to take out.
    const named = (product: ProductDto, message: string) => (bundle ? `${product.title}: ${message}` : message);
    if (seller.id === request.actorId) throw DomainError.forbidden(named(lead, OFFER_MESSAGES.ownItem));
    await this.refuseBlocked(request.actorId, seller.id);
    for (const product of products)
      if (product.status !== 'active') throw DomainError.conflict(named(product, OFFER_MESSAGES.notAvailable));
    // Nobody could pay for it now: an away seller's items, or one reserved for someone else, take no offers.
    if (seller.awayUntil) throw DomainError.conflict(awayOfferMessage(seller.awayUntil));
    for (const product of products)
      if (product.reservedUntil && product.reservedFor?.id !== request.actorId)
        throw DomainError.conflict(named(product, RESERVATION_MESSAGES.offerReserved(product.reservedUntil)));
    const priceCents = bundle
      ? centsOf(
          bundlePrice(
            products.map((product) => product.price),
            await this.bundleDiscounts.of(this.dataSource.manager, seller.id),
          ).total,
        )
      : centsOf(lead.price);
    const amountCents = centsOf(request.amount);
    checkAmount(amountCents, priceCents, 'offer');
    const ids = products.map((product) => product.id);

    return this.dataSource.transaction(async (manager) => {
      const offers = this.offers.withManager(manager);
      await offers.lockBuyerOnItems(request.actorId, ids);
      const earlier = await offers.ofBuyerOnItems(request.actorId, ids);
      const earlierItems = await offers.itemsOf(earlier);
      const full = itemAtLimit(
        ids,
        earlier.map((o) => itemIdsOf(o, earlierItems.get(o.id))),
      );
      if (full) throw DomainError.conflict(named(products[ids.indexOf(full)]!, OFFER_MESSAGES.tooMany));
      const accepted = earlier.find((o) => o.status === 'accepted' && !lapsed(o));
      if (accepted) {
        const on = itemIdsOf(accepted, earlierItems.get(accepted.id));
        const item = products.find((product) => on.includes(product.id)) ?? lead;
        throw DomainError.conflict(named(item, OFFER_MESSAGES.alreadyAccepted));
      }
      // A newer offer replaces the buyer's open ones on its items: the seller answers one offer per buyer and item.
      for (const open of earlier.filter((o) => o.status === 'pending' || o.status === 'countered'))
        await this.move(manager, open, 'withdrawn', 'buyer');
      const offer = await offers.save(
        offers.create({
          productId: lead.id,
          productTitle: lead.title,
          productImage: lead.images[0] ?? null,
          listPriceCents: priceCents,
          itemCount: products.length,
          ...sellerOf(lead),
          buyerId: request.actorId,
          buyerFirstName: buyer.firstName,
          buyerLastName: buyer.lastName,
          offeredCents: amountCents,
          amountCents,
          currency: CURRENCY,
          status: 'pending',
          expiresAt: this.after(this.config.OFFER_TTL_HOURS),
        }),
      );
      const items = bundle
        ? await offers.insertItems(
            offer.id,
            products.map((product) => ({
              productId: product.id,
              title: product.title,
              image: product.images[0] ?? null,
              priceCents: centsOf(product.price),
            })),
          )
        : [];
      await this.offerJobs.scheduleExpiry(manager, offer.id, offer.expiresAt);
      await this.outbox.add(manager, EVENTS.payments.offerChanged, toOfferChangedEvent(offer, 'buyer'));
      return toOfferDto(offer, 'buyer', new Date(), items);
    });
  }

  /**
   * The items as the buyer sees them, in the order asked (a reservation names its buyer only to them and the seller).
   * One item: catalog's product answer. A bundle: one request for all of them, as the checkout asks; only a reserved
   * one is asked again with the viewer; one that is unknown or removed is the checkout's 409 ("An item of this bundle is
   * no longer available").
   */
  private async productsOf(productIds: string[], viewerId: string): Promise<ProductDto[]> {
    if (productIds.length === 1)
      return [
        await this.rpc.send(RPC.catalog.getProduct, { productId: productIds[0]!, removedAsConflict: true, viewerId }),
      ];
    const found = await this.rpc.send(RPC.catalog.getProductsByIds, { productIds });
    const byId = new Map(found.map((product) => [product.id.toLowerCase(), product]));
    const products = productIds.map((id) => byId.get(id.toLowerCase()));
    if (products.some((product) => !product)) throw DomainError.conflict(BUNDLE_MESSAGES.itemGone);
    return Promise.all(
      products.map((product) =>
        product!.reservedUntil
          ? this.rpc.send(RPC.catalog.getProduct, { productId: product!.id, removedAsConflict: true, viewerId })
          : product!,
      ),
    );
  }

  /**
   * The offers the caller made (`buyer`) or received (`seller`), newest first, a keyset page at a time; with
   * `productId` and `withUserId`, those between the caller and that person on that item, each in the caller's role in
   * it (what their conversation about the item shows).
   */
  async list({ actorId, role, productId, withUserId, cursor, limit }: ListOffersRequest): Promise<OffersPageDto> {
    const after = cursor ? offerCursor.decode(cursor) : null;
    const party =
      productId && withUserId
        ? { productId, between: [actorId, withUserId] as const }
        : role === 'buyer'
          ? { buyerId: actorId }
          : { sellerId: actorId };
    const page = await this.offers.page(party, after && { at: after.createdAt, id: after.id }, limit ?? PAGE_SIZE);
    const items = await this.offers.itemsOf(page.items);
    const now = new Date();
    return {
      items: page.items.map((offer) => toOfferDto(offer, roleOf(offer, actorId) ?? 'buyer', now, items.get(offer.id))),
      nextCursor: page.next && offerCursor.encode({ createdAt: page.next.at, id: page.next.id }),
    };
  }

  /** An answer (accept, decline, counter, withdraw), checked against OFFER_RULES under the offer's row lock. */
  async act(request: ActOnOfferRequest): Promise<OfferDto> {
    const counterCents = request.action === 'counter' ? counterAmountOf(request.amount) : null;
    return this.dataSource.transaction(async (manager) => {
      const offer = await this.offers.withManager(manager).lockById(request.offerId);
      const role = offer && roleOf(offer, request.actorId);
      if (!offer || !role) throw DomainError.notFound('Offer');
      const decision = decide(request.action, role, offer.status, lapsed(offer), offer.origin);
      if (!decision.ok)
        throw decision.forbidden ? DomainError.forbidden(decision.message) : DomainError.conflict(decision.message);
      if (counterCents !== null) {
        checkAmount(counterCents, offer.listPriceCents, 'counter');
        offer.amountCents = counterCents;
      }
      await this.move(manager, offer, decision.to, role);
      const items = await this.offers.withManager(manager).itemsOf([offer]);
      return toOfferDto(offer, role, new Date(), items.get(offer.id));
    });
  }

  /**
   * The amount an accepted offer lets its buyer pay for its items, read by the checkout (the server sets the amount).
   * Someone else's offer, or an offer on one item paid for another: NOT_FOUND; other items than the offer's (a bundle
   * offer's items in the same order, a single offer's one item): VALIDATION_FAILED; not accepted, or its 24 hours are
   * over: CONFLICT.
   */
  async agreedAmount(offerId: string, buyerId: string | undefined, productIds: string[]): Promise<number> {
    this.refuseGuest(buyerId);
    const offer = await this.offers.findById(offerId);
    if (!offer || offer.buyerId !== buyerId) throw DomainError.notFound('Offer');
    const offered = itemIdsOf(offer, (await this.offers.itemsOf([offer])).get(offer.id));
    if (!sameItems(offered, productIds)) {
      if (offered.length === 1 && productIds.length === 1) throw DomainError.notFound('Offer');
      const message = OFFER_MESSAGES.payItemsDiffer;
      const field = productIds.length > 1 ? 'productIds' : 'productId';
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field, message }]);
    }
    if (offer.status !== 'accepted' || lapsed(offer)) throw DomainError.conflict(OFFER_MESSAGES.payNotAccepted);
    return offer.amountCents;
  }

  /** Only a signed-in buyer pays an offer: a guest is asked to sign in (401) before anything else is checked. */
  refuseGuest(buyerId: string | undefined): asserts buyerId is string {
    if (!buyerId) throw new DomainError(ErrorCode.Unauthenticated, OFFER_MESSAGES.guestOffer);
  }

  /**
   * Items were sold (in the transaction that records the payment): the buyer's accepted offer on exactly these items
   * at the amount paid is `purchased`, every other open offer that includes one of them (single or bundle) `ended`,
   * and those buyers are told.
   */
  async saleMade(manager: EntityManager, sale: SaleOfItems): Promise<void> {
    const offers = this.offers.withManager(manager);
    const open = await offers.lockOpenIncluding(sale.productIds);
    const items = await offers.itemsOf(open);
    for (const offer of open) {
      const theirs =
        offer.buyerId === sale.buyerUserId &&
        offer.status === 'accepted' &&
        offer.amountCents === sale.amountCents &&
        sameItems(itemIdsOf(offer, items.get(offer.id)), sale.productIds);
      await this.move(manager, offer, theirs ? 'purchased' : 'ended', theirs ? 'buyer' : 'system');
    }
  }

  /** The item left the sale (removed, or sold as catalog tells): what is still open on it ends. Idempotent. */
  async itemGone(manager: EntityManager, productId: string): Promise<void> {
    for (const offer of await this.offers.withManager(manager).lockOpenIncluding([productId]))
      await this.move(manager, offer, 'ended', 'system');
  }

  /**
   * The seller reserved the item for one buyer: nobody else could pay for it, so everyone else's open offers that
   * include it (single or bundle) end; that buyer's stay. Idempotent.
   */
  async itemReserved(manager: EntityManager, productId: string, buyerId: string): Promise<void> {
    for (const offer of await this.offers.withManager(manager).lockOpenIncluding([productId]))
      if (offer.buyerId !== buyerId) await this.move(manager, offer, 'ended', 'system');
  }

  /**
   * A person's account was deleted: what they were still negotiating ends (withdrawn when they were the buyer, ended
   * when the seller, whose items leave the sale with them), the other party is told, and the names copied onto their
   * offers go. Amounts and statuses stay: they are the other party's history too. Idempotent.
   */
  async personGone(manager: EntityManager, userId: string): Promise<void> {
    const offers = this.offers.withManager(manager);
    for (const offer of await offers.lockOpenOfPerson(userId))
      await this.move(manager, offer, offer.buyerId === userId ? 'withdrawn' : 'ended', 'system');
    await offers.eraseNamesOf(userId);
  }

  /**
   * The deadline's job: under the row lock, an offer still open whose stored deadline has passed expires. A job whose
   * deadline was moved on, or whose offer was answered meanwhile, changes nothing (duplicates and replays too).
   */
  async expire({ offerId }: OfferExpiryJob): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const offer = await this.offers.withManager(manager).lockById(offerId);
      if (offer && lapsed(offer)) await this.move(manager, offer, 'expired', 'system');
    });
  }

  /** One change of status, with its event and (for a state that waits on someone) its new deadline and job. */
  private async move(
    manager: EntityManager,
    offer: OfferEntity,
    to: OfferEntity['status'],
    actor: OfferRole | 'system',
  ): Promise<void> {
    offer.status = to;
    if (to === 'pending' || to === 'countered') offer.expiresAt = this.after(this.config.OFFER_TTL_HOURS);
    if (to === 'accepted') offer.expiresAt = this.after(this.config.OFFER_PAY_HOURS);
    await this.offers.withManager(manager).save(offer);
    if (to === 'countered' || to === 'accepted')
      await this.offerJobs.scheduleExpiry(manager, offer.id, offer.expiresAt);
    await this.outbox.add(manager, EVENTS.payments.offerChanged, toOfferChangedEvent(offer, actor));
  }

  /**
   * A block ends dealings both ways, as at the checkout: the one who blocked is told so, the other reads a sentence
   * that is the same whoever blocked.
   */
  private async refuseBlocked(buyerId: string, sellerId: string): Promise<void> {
    const block = await blockBetween(this.dataSource, 'payments', buyerId, sellerId);
    if (block !== 'none')
      throw DomainError.forbidden(block === 'other' ? OFFER_MESSAGES.cannotOffer : OFFER_MESSAGES.youBlocked);
  }

  private after(hours: number): Date {
    return new Date(Date.now() + Math.round(hours * MS_PER_HOUR));
  }
}

/** 2 to 10 different ids, the lead first (the contracts' rule, checked again here). */
function validBundleIds(productId: string, productIds: string[]): boolean {
  const distinct = new Set(productIds.map((id) => id.toLowerCase()));
  return (
    productIds.length >= BUNDLE_MIN_ITEMS &&
    productIds.length <= BUNDLE_MAX_ITEMS &&
    distinct.size === productIds.length &&
    productIds[0]?.toLowerCase() === productId.toLowerCase()
  );
}

function badProductIds(): DomainError {
  const message = OFFER_MESSAGES.bundleItems;
  return new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'productIds', message }]);
}

function roleOf(offer: OfferEntity, actorId: string): OfferRole | null {
  if (offer.buyerId === actorId) return 'buyer';
  if (offer.sellerId === actorId) return 'seller';
  return null;
}

function sellerOf(product: ProductDto): Pick<OfferEntity, 'sellerId' | 'sellerFirstName' | 'sellerLastName'> {
  return {
    sellerId: product.seller.id,
    sellerFirstName: product.seller.firstName,
    sellerLastName: product.seller.lastName,
  };
}
