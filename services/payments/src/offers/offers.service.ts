import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  awayOfferMessage,
  ErrorCode,
  EVENTS,
  OFFER_DEFAULTS,
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
import type { OfferEntity } from './offer.entity';
import { OfferJobs, type OfferExpiryJob } from './offer-jobs';
import { lapsed, toOfferChangedEvent, toOfferDto } from './offer.mapper';
import { decide, type OfferRole } from './offer-rules';
import { OffersRepository } from './offers.repository';
import { centsOf, checkAmount, counterAmountOf } from './offer-amounts';

const CURRENCY = 'usd';
const PAGE_SIZE = 20;
const MS_PER_HOUR = 3_600_000;
const offerCursor = timeIdCursor('createdAt', 'id');

/** What a sale tells the item's open offers: the order that took it. */
export interface SaleOfItem {
  productId: string;
  buyerUserId: string | null;
  amountCents: number;
}

/**
 * Offers on an item. Every read of another service (the item, the buyer's name, the seller's price) happens
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
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.offerJobs.work((job) => this.expire(job));
  }

  /** A buyer's offer: at least half the current price, at most the price, three per buyer and item at most. */
  async create(request: CreateOfferRequest): Promise<OfferDto> {
    const [product, buyer] = await Promise.all([
      // As the buyer sees it: a reservation names its buyer only to them (and to the seller).
      this.rpc.send(RPC.catalog.getProduct, {
        productId: request.productId,
        removedAsConflict: true,
        viewerId: request.actorId,
      }),
      this.rpc.send(RPC.identity.getMe, { actorId: request.actorId }),
    ]);
    if (product.seller.id === request.actorId) throw DomainError.forbidden(OFFER_MESSAGES.ownItem);
    await this.refuseBlocked(request.actorId, product.seller.id);
    if (product.status !== 'active') throw DomainError.conflict(OFFER_MESSAGES.notAvailable);
    // Nobody could pay for it now: an away seller's items, or one reserved for someone else, take no offers.
    if (product.seller.awayUntil) throw DomainError.conflict(awayOfferMessage(product.seller.awayUntil));
    if (product.reservedUntil && product.reservedFor?.id !== request.actorId)
      throw DomainError.conflict(RESERVATION_MESSAGES.offerReserved(product.reservedUntil));
    const priceCents = centsOf(product.price);
    const amountCents = centsOf(request.amount);
    checkAmount(amountCents, priceCents, 'offer');

    return this.dataSource.transaction(async (manager) => {
      const offers = this.offers.withManager(manager);
      await offers.lockBuyerOnItem(request.actorId, product.id);
      const earlier = await offers.ofBuyerOnItem(request.actorId, product.id);
      if (earlier.length >= OFFER_DEFAULTS.maxPerBuyerAndItem) throw DomainError.conflict(OFFER_MESSAGES.tooMany);
      if (earlier.some((o) => o.status === 'accepted' && !lapsed(o)))
        throw DomainError.conflict(OFFER_MESSAGES.alreadyAccepted);
      // A newer offer replaces the buyer's open one: the seller answers one offer per buyer and item.
      for (const open of earlier.filter((o) => o.status === 'pending' || o.status === 'countered'))
        await this.move(manager, open, 'withdrawn', 'buyer');
      const offer = await offers.save(
        offers.create({
          productId: product.id,
          productTitle: product.title,
          productImage: product.images[0] ?? null,
          listPriceCents: priceCents,
          ...sellerOf(product),
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
      await this.offerJobs.scheduleExpiry(manager, offer.id, offer.expiresAt);
      await this.outbox.add(manager, EVENTS.payments.offerChanged, toOfferChangedEvent(offer, 'buyer'));
      return toOfferDto(offer, 'buyer');
    });
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
    const now = new Date();
    return {
      items: page.items.map((offer) => toOfferDto(offer, roleOf(offer, actorId) ?? 'buyer', now)),
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
      return toOfferDto(offer, role);
    });
  }

  /**
   * The amount an accepted offer lets its buyer pay for the item, read by the checkout (the server sets the amount).
   * Someone else's offer, or one for another item: NOT_FOUND; not accepted, or its 24 hours are over: CONFLICT.
   */
  async agreedAmount(offerId: string, buyerId: string | undefined, productId: string): Promise<number> {
    this.refuseGuest(buyerId);
    const offer = await this.offers.findById(offerId);
    if (!offer || offer.buyerId !== buyerId || offer.productId !== productId) throw DomainError.notFound('Offer');
    if (offer.status !== 'accepted' || lapsed(offer)) throw DomainError.conflict(OFFER_MESSAGES.payNotAccepted);
    return offer.amountCents;
  }

  /** Only a signed-in buyer pays an offer: a guest is asked to sign in (401) before anything else is checked. */
  refuseGuest(buyerId: string | undefined): asserts buyerId is string {
    if (!buyerId) throw new DomainError(ErrorCode.Unauthenticated, OFFER_MESSAGES.guestOffer);
  }

  /**
   * The item was sold (in the transaction that records the payment): the buyer's accepted offer at the amount paid
   * is `purchased`, every other open offer on the item `ended`, and those buyers are told.
   */
  async saleMade(manager: EntityManager, sale: SaleOfItem): Promise<void> {
    for (const offer of await this.offers.withManager(manager).lockOpenOfItem(sale.productId)) {
      const theirs =
        offer.buyerId === sale.buyerUserId && offer.status === 'accepted' && offer.amountCents === sale.amountCents;
      await this.move(manager, offer, theirs ? 'purchased' : 'ended', theirs ? 'buyer' : 'system');
    }
  }

  /** The item left the sale (removed, or sold as catalog tells): what is still open ends. Idempotent. */
  async itemGone(manager: EntityManager, productId: string): Promise<void> {
    for (const offer of await this.offers.withManager(manager).lockOpenOfItem(productId))
      await this.move(manager, offer, 'ended', 'system');
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
