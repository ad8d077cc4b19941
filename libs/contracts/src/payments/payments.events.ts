import { IsDateString, IsIn, IsInt, IsOptional, IsString, IsUUID, Min, ValidateIf } from 'class-validator';

/** An order was paid: its product must be marked sold. `buyerUserId` is null for a guest. */
export class OrderPaidEvent {
  @IsUUID('all') orderId!: string;
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @ValidateIf((_, v) => v !== null) @IsUUID('all') buyerUserId!: string | null;
  @IsInt() @Min(1) amountCents!: number;
  @IsIn(['usd']) currency!: string;
  @IsDateString() occurredAt!: string;
}

/** A payment attempt failed (declined card) or a paid order was refunded because the item had already been sold. */
export class OrderFailedEvent {
  @IsUUID('all') orderId!: string;
  @IsUUID('all') productId!: string;
  @ValidateIf((_, v) => v !== null) @IsUUID('all') buyerUserId!: string | null;
  @IsIn(['failed', 'refunded']) status!: 'failed' | 'refunded';
  @IsOptional() @IsString() reason?: string;
  @IsDateString() occurredAt!: string;
}

/** payments' event subjects with their payload classes. */
export const PAYMENTS_EVENTS = {
  orderPaid: 'events.payments.order.paid',
  orderFailed: 'events.payments.order.failed',
} as const;

export const PAYMENTS_EVENT_TYPES = {
  [PAYMENTS_EVENTS.orderPaid]: OrderPaidEvent,
  [PAYMENTS_EVENTS.orderFailed]: OrderFailedEvent,
} as const;
