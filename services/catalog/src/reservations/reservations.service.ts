import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENTS,
  RESERVATION_HOURS,
  RESERVATION_MESSAGES,
  RPC,
  type BlockChangedEvent,
  type Done,
  type LiftReservationRequest,
  type ProductDto,
  type ReservationEndReason,
  type ReserveProductRequest,
} from '@souvenir/contracts';
import { applyBlockChange, blockBetween, DomainError, eraseBlocksOf, Outbox, RpcClient } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { CatalogConfig } from '../config/catalog.config';
import { ProductsRepository, type ReservationState } from '../products/products.repository';
import { ProductsService } from '../products/products.service';
import { SellersService } from '../sellers/sellers.service';
import { ReservationEnds, type ReservationEndsJob } from './reservation-ends';

/**
 * The seller reserves a listing for one buyer: until the time chosen (48 hours unless they choose), or until they
 * lift it, only that buyer can pay for it (payments reads it with the product at checkout, and closes other buyers'
 * open checkouts on the reserved event), and everyone sees "Reserved". A sale, a removal or a relisting ends it too
 * (`saveSaleState`); so do a block between the two and the buyer's account deletion.
 */
@Injectable()
export class ReservationsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReservationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly catalog: ProductsService,
    private readonly sellers: SellersService,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    private readonly ends: ReservationEnds,
    private readonly config: CatalogConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ends.work((job) => this.expire(job));
  }

  /**
   * Reserves the listing for the buyer for `hours` from now, or extends that buyer's reservation. Answers the product
   * as its seller's page shows it (the buyer named).
   */
  async reserve(request: ReserveProductRequest): Promise<ProductDto> {
    const { productId, actorId } = request;
    const buyerId = request.buyerId.toLowerCase();
    const hours = request.hours ?? RESERVATION_HOURS.default;
    // Everything that needs no lock first, each refusal with its own answer; the locked read below checks the
    // product again, as it may have changed meanwhile.
    refuse(await this.dataSource.transaction((manager) => this.products.lockReservation(manager, productId)), request);
    const buyer = await this.sellers.findMember(buyerId);
    if (!buyer || buyer.deleted) throw DomainError.notFound('User');
    const block = await blockBetween(this.dataSource, 'catalog', actorId, buyerId);
    if (block !== 'none')
      throw DomainError.forbidden(block === 'other' ? RESERVATION_MESSAGES.blocked : RESERVATION_MESSAGES.youBlocked);
    // Another buyer's amount is fixed and their card may be on its way: their checkout ends first. (One that starts
    // between this question and the commit is closed by payments when the reserved event reaches it.)
    if ((await this.rpc.send(RPC.payments.openCheckout, { productId, exceptBuyerId: buyerId })).open)
      throw DomainError.conflict(RESERVATION_MESSAGES.inCheckout);
    await this.dataSource
      .transaction(async (manager) => {
        const state = refuse(await this.products.lockReservation(manager, productId), request);
        const seconds = hours * this.config.RESERVATION_HOUR_SECONDS;
        const reserved = await this.products.reserve(manager, productId, buyerId, seconds);
        await this.outbox.add(manager, EVENTS.catalog.productReserved, {
          productId: state.id,
          sellerId: state.sellerId,
          buyerId,
          title: state.title,
          reservedUntil: reserved.reservedUntil,
          hours,
          version: reserved.reservationVersion,
          saleVersion: state.saleVersion,
          occurredAt: new Date().toISOString(),
        });
        await this.ends.schedule(
          manager,
          { productId: state.id, version: reserved.reservationVersion },
          new Date(reserved.reservedUntil),
        );
      })
      .finally(() => this.catalog.forgetListings());
    return this.catalog.get({ productId, viewerId: actorId });
  }

  /** The seller lifts the reservation: anyone may buy the item again. Nothing to lift is no error. */
  async lift(request: LiftReservationRequest): Promise<Done> {
    await this.dataSource
      .transaction(async (manager) => {
        const state = await this.products.lockReservation(manager, request.productId);
        if (!state) throw DomainError.notFound('Product');
        if (state.sellerId !== request.actorId.toLowerCase())
          throw DomainError.forbidden(RESERVATION_MESSAGES.onlySellerLifts);
        await this.end(manager, state, 'lifted');
      })
      .finally(() => this.catalog.forgetListings());
    return { ok: true };
  }

  /**
   * A reservation's time is up (its job). Idempotent: a reservation lifted, extended (a newer version), or ended by a
   * sale or a removal meanwhile is left alone; one fetched a moment early fails and is retried.
   */
  async expire(job: ReservationEndsJob): Promise<void> {
    const ended = await this.dataSource.transaction(async (manager) => {
      const state = await this.products.lockReservation(manager, job.productId);
      if (!state?.reservedFor || state.reservationVersion !== job.version) return false;
      if (!state.reservationOver) throw new Error(`the reservation of product ${job.productId} has not ended yet`);
      return this.end(manager, state, 'expired');
    });
    if (!ended) return;
    this.catalog.forgetListings();
    this.logger.log({ msg: 'reservation ended', productId: job.productId });
  }

  /**
   * identity's block change, applied to the read model of blocks; a block between a seller and the buyer an item of
   * theirs is reserved for ends that reservation (neither may deal with the other any more).
   */
  async applyBlockChange(event: BlockChangedEvent, manager: EntityManager): Promise<void> {
    await applyBlockChange(manager, 'catalog', event);
    // The newest state decides (an older event applied nothing): ended only while a block stands.
    if ((await blockBetween(manager, 'catalog', event.blockerId, event.blockedId)) === 'none') return;
    const ids = [
      ...(await this.products.findReservedForBuyer(manager, event.blockedId, event.blockerId)),
      ...(await this.products.findReservedForBuyer(manager, event.blockerId, event.blockedId)),
    ];
    if (await this.endEach(manager, ids, 'blocked')) this.catalog.forgetListings();
  }

  /** A deleted account: the reservations held for them end, and their blocks are forgotten. */
  async accountDeleted(userId: string, manager: EntityManager): Promise<void> {
    await eraseBlocksOf(manager, 'catalog', userId);
    const ids = await this.products.findReservedForBuyer(manager, userId, null);
    if (await this.endEach(manager, ids, 'account-deleted')) this.catalog.forgetListings();
  }

  private async endEach(manager: EntityManager, ids: string[], reason: ReservationEndReason): Promise<boolean> {
    let ended = false;
    for (const id of ids) {
      const state = await this.products.lockReservation(manager, id);
      if (state && (await this.end(manager, state, reason))) ended = true;
    }
    return ended;
  }

  /** Ends the reservation (with its event); false when there was none. */
  private async end(manager: EntityManager, state: ReservationState, reason: ReservationEndReason): Promise<boolean> {
    if (!state.reservedFor) return false;
    const version = await this.products.endReservation(manager, state.id);
    if (version === null) return false;
    await this.outbox.add(manager, EVENTS.catalog.productReservationEnded, {
      productId: state.id,
      sellerId: state.sellerId,
      buyerId: state.reservedFor,
      reason,
      version,
      occurredAt: new Date().toISOString(),
    });
    return true;
  }
}

/** Why this product cannot be reserved for that buyer by this caller (their own answer each); the state otherwise. */
function refuse(state: ReservationState | null, request: ReserveProductRequest): ReservationState {
  const actorId = request.actorId.toLowerCase();
  const buyerId = request.buyerId.toLowerCase();
  if (!state) throw DomainError.notFound('Product');
  if (state.sellerId !== actorId) throw DomainError.forbidden(RESERVATION_MESSAGES.onlySeller);
  if (buyerId === actorId) throw DomainError.forbidden(RESERVATION_MESSAGES.forYourself);
  if (state.status === 'sold') throw DomainError.conflict(RESERVATION_MESSAGES.sold);
  if (state.status === 'removed')
    throw DomainError.conflict(
      state.moderated
        ? RESERVATION_MESSAGES.moderated
        : state.held
          ? RESERVATION_MESSAGES.held
          : RESERVATION_MESSAGES.notOnSale,
    );
  if (state.reservedFor && state.reservedUntil && !state.reservationOver && state.reservedFor !== buyerId)
    throw DomainError.conflict(RESERVATION_MESSAGES.reservedForAnother(state.reservedUntil));
  return state;
}
