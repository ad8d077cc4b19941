import { Injectable } from '@nestjs/common';
import {
  BUNDLE_MESSAGES,
  ErrorCode,
  type ConfirmReturnRequest,
  type CountSupportQueueRequest,
  type DecideClaimRequest,
  type ListCardDisputesRequest,
  type ListOpenClaimsRequest,
  type OpenClaimRequest,
  type OrderDetailDto,
  type PaymentsQueueCountsDto,
  type RespondToClaimRequest,
  type ShipReturnRequest,
  type SupportCardDisputesPageDto,
  type SupportClaimsPageDto,
} from '@souvenir/contracts';
import { DomainError, SupportRole, timeIdCursor } from '@souvenir/platform';
import { PaymentsConfig } from '../config/payments.config';
import { ClaimsRepository } from './claims.repository';
import { OrderAccess } from './order-access';
import { afterDays, afterHours, OrderJobs } from './order-jobs';
import { OrderSteps } from './order-steps';
import { OrdersRepository } from './orders.repository';
import { OrderItemsRepository } from './order-items.repository';

const CLAIMS_PAGE_SIZE = 20;
const claimCursor = timeIdCursor('openedAt', 'id');
const disputeCursor = timeIdCursor('openedAt', 'id');
const SUPPORT_ONLY = 'Only support can see and decide claims';

/**
 * Claims on an order: the buyer opens one, the seller accepts it or gives their side, support decides (a refund,
 * maybe after the item comes back, or the money released), and support's queues of claims and card disputes.
 */
@Injectable()
export class ClaimsService {
  constructor(
    private readonly steps: OrderSteps,
    private readonly orderAccess: OrderAccess,
    private readonly orders: OrdersRepository,
    private readonly claims: ClaimsRepository,
    private readonly supportRole: SupportRole,
    private readonly orderJobs: OrderJobs,
    private readonly config: PaymentsConfig,
    private readonly items: OrderItemsRepository,
  ) {}

  /** Support's queue: undecided claims, oldest first, each with its order as support sees it. */
  async listOpenClaims({ actorId, cursor }: ListOpenClaimsRequest): Promise<SupportClaimsPageDto> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    const after = cursor ? claimCursor.decode(cursor) : null;
    const page = await this.claims.findUndecidedPage(after && { at: after.openedAt, id: after.id }, CLAIMS_PAGE_SIZE);
    const items = await Promise.all(
      page.items.map(async (claim) => {
        const order = await this.steps.detail(claim.orderId, 'support');
        return { claim: order.claim!, order };
      }),
    );
    return {
      items,
      nextCursor: page.next && claimCursor.encode({ openedAt: page.next.at, id: page.next.id }),
    };
  }

  /** The support nav's counts of payments' two queues, in one round of two indexed counts. */
  async countSupportQueues({ actorId }: CountSupportQueueRequest): Promise<PaymentsQueueCountsDto> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    const [claims, disputes] = await Promise.all([this.claims.countUndecided(), this.orders.countOpenCardDisputes()]);
    return { claims, disputes };
  }

  /** Support's list of orders whose card payment is disputed at the buyer's bank (money frozen), oldest first. */
  async listCardDisputes({ actorId, cursor }: ListCardDisputesRequest): Promise<SupportCardDisputesPageDto> {
    await this.supportRole.require(actorId, SUPPORT_ONLY);
    const after = cursor ? disputeCursor.decode(cursor) : null;
    const page = await this.orders.findOpenCardDisputesPage(
      after && { at: after.openedAt, id: after.id },
      CLAIMS_PAGE_SIZE,
    );
    return {
      items: await Promise.all(page.items.map((order) => this.steps.detail(order.id, 'support'))),
      nextCursor: page.next && disputeCursor.encode({ openedAt: page.next.at, id: page.next.id }),
    };
  }

  async openClaim(request: OpenClaimRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    const productIds = await this.claimedItems(access.order.id, request.productIds);
    return this.steps.run(access, 'openClaim', async (order, _claim, manager) => {
      const from = order.status;
      const claims = this.claims.withManager(manager);
      const claim = claims.create({
        orderId: order.id,
        productIds,
        reason: request.reason,
        description: request.description,
        photos: request.photos ?? [],
        status: 'open',
        openedAt: new Date(),
        responseDue: afterHours(this.config.CLAIM_RESPONSE_HOURS),
      });
      await claims.save(claim);
      order.status = 'disputed';
      await this.orderJobs.scheduleDeadline(manager, order.id, 'sellerResponseDue', claim.responseDue);
      return {
        from,
        to: 'disputed',
        actor: 'buyer',
        reason: `Claim opened: ${request.description}`,
        photos: claim.photos,
      };
    });
  }

  /**
   * The items a claim is about, as the order holds them: null (all of them) when the buyer named none or every one;
   * an id that is not one of the order's items is refused with a sentence.
   */
  private async claimedItems(orderId: string, productIds: string[] | undefined): Promise<string[] | null> {
    if (!productIds?.length) return null;
    const items = await this.items.findByOrderId(orderId);
    const held = new Map(items.map((item) => [item.productId.toLowerCase(), item.productId]));
    const chosen = productIds.map((id) => held.get(id.toLowerCase()));
    if (chosen.some((id) => !id)) {
      const message = BUNDLE_MESSAGES.itemNotInOrder;
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'productIds', message }]);
    }
    return chosen.length === items.length ? null : (chosen as string[]);
  }

  /** The seller accepts the claim (full refund) or gives their side (the claim goes to support). */
  async respondToClaim(request: RespondToClaimRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    const statement = request.statement?.trim() || null;
    if (!request.accept && !statement) {
      const message = 'Please give your side of the story';
      throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'statement', message }]);
    }
    return this.steps.run(access, 'respondToClaim', async (order, claim, manager) => {
      Object.assign(claim!, {
        sellerAccept: request.accept,
        sellerStatement: statement,
        sellerRespondedAt: new Date(),
      });
      if (!request.accept) {
        claim!.status = 'escalated';
        // Photos back the seller's side for support; an accepted claim is refunded at once and needs none.
        claim!.sellerPhotos = request.photos ?? [];
        await this.claims.withManager(manager).save(claim!);
        return {
          from: 'disputed',
          to: 'disputed',
          actor: 'seller',
          reason: `The seller answered the claim: ${statement}`,
          photos: claim!.sellerPhotos,
        };
      }
      this.steps.resolveClaim(claim!, 'refund', statement ?? 'The seller accepted the claim', 'seller');
      await this.claims.withManager(manager).save(claim!);
      return this.steps.refundAfterClaim(order, claim, manager, 'seller', 'The seller accepted the claim');
    });
  }

  /** Support decides a claim (open or escalated): refund the buyer, or release the money to the seller. */
  async decideClaim(request: DecideClaimRequest): Promise<OrderDetailDto> {
    // Who asks and which claim: two independent reads, the identity service's and ours, made together.
    const [isSupport, claim] = await Promise.all([
      this.supportRole.is(request.actorId),
      this.claims.findById(request.claimId),
    ]);
    if (!isSupport) throw DomainError.forbidden(SUPPORT_ONLY);
    if (!claim) throw DomainError.notFound('Claim');
    const order = (await this.orders.findById(claim.orderId))!;
    if (order.buyerUserId === request.actorId || order.sellerId === request.actorId) {
      throw DomainError.forbidden('You cannot decide a claim on your own order');
    }
    return this.steps.run({ order, viewer: 'support' }, 'decideClaim', async (locked, lockedClaim, manager) => {
      this.steps.resolveClaim(lockedClaim!, request.outcome, request.reason, 'support');
      if (request.outcome === 'refund' && request.returnFirst) {
        // The money stays frozen: the refund is made once the item is back (confirmReturn or returnArrivesBy).
        lockedClaim!.status = 'returning';
        lockedClaim!.returnShipBy = afterDays(this.config.RETURN_SHIP_DAYS);
        await this.claims.withManager(manager).save(lockedClaim!);
        await this.orderJobs.scheduleDeadline(manager, locked.id, 'returnShipBy', lockedClaim!.returnShipBy);
        return {
          from: 'disputed',
          to: 'disputed',
          actor: 'support',
          reason: `Support will refund the buyer once the item is sent back: ${request.reason}`,
        };
      }
      await this.claims.withManager(manager).save(lockedClaim!);
      if (request.outcome === 'refund')
        return this.steps.refundAfterClaim(
          locked,
          lockedClaim,
          manager,
          'support',
          `Support refunded the buyer: ${request.reason}`,
        );
      await this.steps.complete(locked, manager);
      return {
        from: 'disputed',
        to: 'completed',
        actor: 'support',
        reason: `Support released the payment to the seller: ${request.reason}`,
      };
    });
  }

  /** The buyer sends the item back with tracking; the seller has until `returnArrivesBy` to confirm it arrived. */
  async shipReturn(request: ShipReturnRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.steps.run(access, 'shipReturn', async (_order, claim, manager) => {
      Object.assign(claim!, {
        returnCarrier: request.carrier,
        returnTrackingNumber: request.trackingNumber,
        returnShippedAt: new Date(),
        returnArrivesBy: afterDays(this.config.RETURN_ARRIVAL_DAYS),
      });
      await this.claims.withManager(manager).save(claim!);
      await this.orderJobs.scheduleDeadline(manager, claim!.orderId, 'returnArrivesBy', claim!.returnArrivesBy!);
      return {
        from: 'disputed',
        to: 'disputed',
        actor: 'buyer',
        reason: `The buyer sent the item back with ${request.carrier} ${request.trackingNumber}`,
      };
    });
  }

  /** The seller has the item back: the buyer is refunded, through the order's one refund. */
  async confirmReturn(request: ConfirmReturnRequest): Promise<OrderDetailDto> {
    const access = await this.orderAccess.resolve(request);
    return this.steps.run(access, 'confirmReturn', async (order, claim, manager) => {
      claim!.status = 'resolved';
      claim!.returnArrivedAt = new Date();
      await this.claims.withManager(manager).save(claim!);
      return this.steps.refundAfterClaim(
        order,
        claim,
        manager,
        'seller',
        'The seller has the item back: the buyer is refunded',
      );
    });
  }
}
