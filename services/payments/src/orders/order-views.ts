import type {
  ClaimDto,
  OrderDeadlineDto,
  OrderDetailDto,
  OrderHistoryEntryDto,
  OrderMoneyDto,
  OrderSummaryDto,
} from '@souvenir/contracts';
import { stillPaidCents } from '../payouts/order-funds';
import type { ClaimEntity } from './claim.entity';
import { allowedActions, needsAction, type OrderState, type OrderViewer } from './order-lifecycle';
import type { OrderHistoryEntity } from './order-history.entity';
import type { OrderEntity } from './order.entity';
import type { OrderItemEntity } from './order-item.entity';
import { fromCents, toOrderItemsPart, toOrderProductDto } from './order.mapper';

/** The rules' view of an order now. */
export function stateOf(order: OrderEntity, claim: ClaimEntity | null, now = new Date()): OrderState {
  return {
    status: order.status,
    claimStatus: claim?.status ?? null,
    cancelRequested: order.cancelRequestAt !== null,
    claimWindowOpen: order.claimWindowEnds !== null && order.claimWindowEnds > now,
    returnSent: claim?.returnShippedAt != null,
  };
}

/** The deadlines that still matter in the order's current state, soonest first. */
export function deadlinesOf(order: OrderEntity, claim: ClaimEntity | null): OrderDeadlineDto[] {
  const due: [OrderDeadlineDto['name'], Date | null][] = [];
  if (order.status === 'paid') due.push(['shipBy', order.shipBy], ['cancelRequestExpires', order.cancelRequestExpires]);
  if (order.status === 'shipped') due.push(['deliveredBy', order.deliveredBy]);
  if (order.status === 'delivered') due.push(['claimWindowEnds', order.claimWindowEnds]);
  if (order.status === 'disputed' && claim?.status === 'open') due.push(['sellerResponseDue', claim.responseDue]);
  if (order.status === 'disputed' && claim?.status === 'returning')
    due.push(claim.returnShippedAt ? ['returnArrivesBy', claim.returnArrivesBy] : ['returnShipBy', claim.returnShipBy]);
  return due
    .filter((d): d is [OrderDeadlineDto['name'], Date] => d[1] !== null)
    .sort((a, b) => a[1].getTime() - b[1].getTime())
    .map(([name, at]) => ({ name, at: at.toISOString() }));
}

export function toClaimDto(claim: ClaimEntity, items: OrderItemEntity[] = []): ClaimDto {
  return {
    id: claim.id,
    productIds: claim.productIds ?? items.map((item) => item.productId),
    reason: claim.reason,
    description: claim.description,
    photos: claim.photos,
    openedAt: claim.openedAt.toISOString(),
    status: claim.status,
    sellerResponse: claim.sellerRespondedAt
      ? {
          accept: claim.sellerAccept === true,
          statement: claim.sellerStatement,
          photos: claim.sellerPhotos ?? [],
          at: claim.sellerRespondedAt.toISOString(),
        }
      : null,
    return:
      claim.returnShippedAt && claim.returnCarrier && claim.returnTrackingNumber
        ? {
            carrier: claim.returnCarrier,
            trackingNumber: claim.returnTrackingNumber,
            shippedAt: claim.returnShippedAt.toISOString(),
            arrivedAt: claim.returnArrivedAt?.toISOString() ?? null,
          }
        : null,
    decision:
      claim.decidedAt && claim.decisionOutcome && claim.decidedBy
        ? {
            outcome: claim.decisionOutcome,
            reason: claim.decisionReason ?? '',
            at: claim.decidedAt.toISOString(),
            by: claim.decidedBy,
          }
        : null,
  };
}

const toHistoryDto = (entry: OrderHistoryEntity): OrderHistoryEntryDto => ({
  at: entry.at.toISOString(),
  actor: entry.actor,
  from: entry.from,
  to: entry.to,
  reason: entry.reason,
});

/** One order as the viewer sees it: the seller alone sees the delivery address (support decides on the evidence). */
export function toOrderDetail(
  order: OrderEntity,
  claim: ClaimEntity | null,
  history: OrderHistoryEntity[],
  viewer: OrderViewer,
  money: OrderMoneyDto,
  items: OrderItemEntity[] = [],
): OrderDetailDto {
  return {
    id: order.id,
    status: order.status,
    product: toOrderProductDto(order),
    ...toOrderItemsPart(order, items),
    amount: fromCents(order.amountCents),
    currency: order.currency,
    viewer,
    buyer: { id: order.buyerUserId, firstName: order.contactFirstName, lastName: order.contactLastName },
    seller: { id: order.sellerId, name: order.sellerName },
    ...(viewer === 'seller' ? { deliveryAddress: order.deliveryAddress } : {}),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    deadlines: deadlinesOf(order, claim),
    history: history.map(toHistoryDto),
    claim: claim ? toClaimDto(claim, items) : null,
    cancelRequest:
      order.cancelRequestAt && order.status === 'paid'
        ? { reason: order.cancelRequestReason ?? '', at: order.cancelRequestAt.toISOString() }
        : null,
    actions: allowedActions(stateOf(order, claim), viewer),
    money,
    cardDispute:
      order.cardDisputeStatus && order.cardDisputeOpenedAt
        ? {
            status: order.cardDisputeStatus,
            reason: order.cardDisputeReason ?? '',
            openedAt: order.cardDisputeOpenedAt.toISOString(),
            amount: fromCents(stillPaidCents(order)),
          }
        : null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** A row of the Purchases (viewer buyer) or Sales (viewer seller) tab. */
export function toOrderSummary(
  order: OrderEntity,
  claim: ClaimEntity | null,
  viewer: 'buyer' | 'seller',
  items: OrderItemEntity[] = [],
): OrderSummaryDto {
  return {
    id: order.id,
    status: order.status,
    product: toOrderProductDto(order),
    ...toOrderItemsPart(order, items),
    amount: fromCents(order.amountCents),
    currency: order.currency,
    otherParty:
      viewer === 'seller'
        ? `${order.contactFirstName} ${order.contactLastName}`.trim()
        : (order.sellerName ?? 'Seller'),
    nextDeadline: deadlinesOf(order, claim)[0] ?? null,
    needsAction: needsAction(stateOf(order, claim), viewer),
    createdAt: order.createdAt.toISOString(),
  };
}
