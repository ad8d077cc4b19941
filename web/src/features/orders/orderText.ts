import type { ClaimReason, OrderActor, OrderDeadlineDto, OrderDeadlineName, OrderStatus } from '@souvenir/contracts';

/** A chip's tint: dark text on a light background, readable at AA contrast. */
export type StatusTone = 'neutral' | 'action' | 'moving' | 'done' | 'problem';

/** How each status reads on a chip, and its tone. */
export const STATUS_LABELS: Record<OrderStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Awaiting payment', tone: 'neutral' },
  requires_action: { label: 'Awaiting payment', tone: 'neutral' },
  failed: { label: 'Payment failed', tone: 'problem' },
  paid: { label: 'Paid', tone: 'action' },
  shipped: { label: 'Shipped', tone: 'moving' },
  delivered: { label: 'Delivered', tone: 'moving' },
  completed: { label: 'Completed', tone: 'done' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  disputed: { label: 'Claim open', tone: 'problem' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

/** "Ship by", "Delivered by"...: what must happen before the deadline. */
export const DEADLINE_LABELS: Record<OrderDeadlineName, string> = {
  shipBy: 'Ship by',
  deliveredBy: 'Delivered by',
  claimWindowEnds: 'Check by',
  cancelRequestExpires: 'Answer cancel request by',
  sellerResponseDue: 'Seller answers by',
  returnShipBy: 'Send it back by',
  returnArrivesBy: 'Return arrives by',
};

export const CLAIM_REASON_LABELS: Record<ClaimReason, string> = {
  not_received: 'Not received',
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  counterfeit: 'Counterfeit',
};

export const ACTOR_LABELS: Record<OrderActor, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  support: 'Support',
  system: 'Automatic',
};

const HOUR = 3_600_000;

/** "Fri 28 Nov" (en-GB weekday, day, month), the deadline's local date. */
export function deadlineDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
}

/** "Fri 28 Nov, 14:05": a timeline entry's local date and time. */
export function dateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : `${deadlineDate(iso)}, ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
}

/**
 * "Ship by Fri 28 Nov" a day or more away; a countdown under a day ("Ship by: 5 h left", "Ship by: 20 min left");
 * "Ship by: due now" once passed (the server acts on it within moments).
 */
export function deadlineText(deadline: OrderDeadlineDto, now: Date = new Date()): string {
  const label = DEADLINE_LABELS[deadline.name] ?? 'Due';
  const left = new Date(deadline.at).getTime() - now.getTime();
  if (Number.isNaN(left)) return label;
  if (left <= 0) return `${label}: due now`;
  if (left < HOUR) return `${label}: ${Math.max(1, Math.floor(left / 60_000))} min left`;
  if (left < 24 * HOUR) return `${label}: ${Math.floor(left / HOUR)} h left`;
  return `${label} ${deadlineDate(deadline.at)}`;
}

/** True under a day: shown in a warning colour. */
export function deadlineIsNear(deadline: OrderDeadlineDto, now: Date = new Date()): boolean {
  return new Date(deadline.at).getTime() - now.getTime() < 24 * HOUR;
}

/** "in 4 days", "in 5 h", "in 20 min", "due now": how long until a deadline, next to its date. */
export function timeLeft(iso: string, now: Date = new Date()): string {
  const left = new Date(iso).getTime() - now.getTime();
  if (Number.isNaN(left)) return '';
  if (left <= 0) return 'due now';
  if (left < HOUR) return `in ${Math.max(1, Math.floor(left / 60_000))} min`;
  if (left < 24 * HOUR) return `in ${Math.floor(left / HOUR)} h`;
  const days = Math.floor(left / (24 * HOUR));
  return `in ${days} day${days === 1 ? '' : 's'}`;
}
