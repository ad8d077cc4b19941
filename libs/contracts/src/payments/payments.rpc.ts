import { Type } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import { CreatePaymentIntentDto, TestCardDto } from './payment.dto';
import { ListLedgerQueryDto, ListPayoutsQueryDto, TestOnboardingDetailsDto } from './payout.dto';
import {
  CancelOrderDto,
  DecideClaimDto,
  ListOrdersQueryDto,
  OpenClaimDto,
  OrderAccessRequest,
  RespondToClaimDto,
  ShipOrderDto,
  ShipReturnDto,
} from './order.dto';

/** `payments.intent.create`: `actorId` is absent for a guest. */
export class CreatePaymentIntentRequest extends CreatePaymentIntentDto {
  @IsOptional() @IsUUID('all') actorId?: string;
}

/** `payments.intent.confirm-test`: the built-in test-mode provider's confirm step (NOT_FOUND with Stripe). */
export class ConfirmTestPaymentRequest {
  @IsString() @IsNotEmpty() @MaxLength(200) clientSecret!: string;
  @ValidateNested() @Type(() => TestCardDto) card!: TestCardDto;
}

/** `payments.intent.reconcile`: asks the provider for the intent's state and applies it to the order. */
export class ReconcilePaymentRequest {
  @IsString() @IsNotEmpty() @MaxLength(100) paymentIntentId!: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) clientSecret?: string;
  @IsOptional() @IsUUID('all') actorId?: string;
}

/** `payments.webhook.handle`: a provider webhook exactly as received (raw body and signature header). */
export class HandleWebhookRequest {
  @IsString() @MaxLength(1_000_000) payload!: string;
  @IsString() @MaxLength(2000) signature!: string;
}

/** `payments.order.list`: the caller's purchases and sales. */
export class ListOrdersRequest {
  @IsUUID('all') actorId!: string;
}

/** `payments.order.page`: one page of the caller's purchases or sales, newest first. */
export class ListOrdersPageRequest extends ListOrdersQueryDto {
  @IsUUID('all') actorId!: string;
}

/** `payments.order.get`: one order, for its buyer (session or private token), its seller, or support. */
export class GetOrderRequest extends OrderAccessRequest {}

/** `payments.order.ship` (the seller). */
export class ShipOrderRequest extends ShipOrderDto {
  @IsString() @IsNotEmpty() @MaxLength(100) orderRef!: string;
  @IsUUID('all') actorId!: string;
}

/** `payments.order.mark-delivered` (the seller, or the buyer). */
export class MarkDeliveredRequest extends OrderAccessRequest {}

/** `payments.order.confirm` ("Everything is OK", the buyer). */
export class ConfirmOrderRequest extends OrderAccessRequest {}

/** `payments.order.ship-return` (the buyer sends the item back, as support decided). */
export class ShipReturnRequest extends ShipReturnDto {
  @IsString() @IsNotEmpty() @MaxLength(100) orderRef!: string;
  @IsOptional() @IsUUID('all') actorId?: string;
}

/** `payments.order.confirm-return` (the seller has the item back: the buyer is refunded). */
export class ConfirmReturnRequest extends OrderAccessRequest {}

/** `payments.order.cancel` (the seller cancels; the buyer asks the seller to). */
export class CancelOrderRequest extends CancelOrderDto {
  @IsString() @IsNotEmpty() @MaxLength(100) orderRef!: string;
  @IsOptional() @IsUUID('all') actorId?: string;
}

/** `payments.order.open-claim` (the buyer). */
export class OpenClaimRequest extends OpenClaimDto {
  @IsString() @IsNotEmpty() @MaxLength(100) orderRef!: string;
  @IsOptional() @IsUUID('all') actorId?: string;
}

/** `payments.order.respond-to-claim` (the seller). */
export class RespondToClaimRequest extends RespondToClaimDto {
  @IsString() @IsNotEmpty() @MaxLength(100) orderRef!: string;
  @IsUUID('all') actorId!: string;
}

/** `payments.claim.list-open` (support only): open claims oldest first. */
export class ListOpenClaimsRequest {
  @IsUUID('all') actorId!: string;
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
}

/** `payments.dispute.list-open` (support only): orders with an open card dispute, oldest first. */
export class ListCardDisputesRequest {
  @IsUUID('all') actorId!: string;
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
}

/** `payments.claim.decide` (support only). */
export class DecideClaimRequest extends DecideClaimDto {
  @IsUUID('all') claimId!: string;
  @IsUUID('all') actorId!: string;
}

/** `payments.payout-account.get`: the caller's payout account (not_set_up when they have none). */
export class GetPayoutAccountRequest {
  @IsUUID('all') actorId!: string;
}

/** A page of ours the provider's onboarding sends the seller back to (built by the gateway from the request's origin). */
const PAGE_URL = /^https?:\/\/[^\s]+$/;

/**
 * `payments.payout-account.create`: creates the caller's payout account if they have none, and answers a fresh
 * onboarding link (Stripe's Account Link: single-use, short-lived).
 */
export class CreatePayoutAccountRequest {
  @IsUUID('all') actorId!: string;
  @IsString() @MaxLength(500) @Matches(PAGE_URL) returnUrl!: string;
  @IsString() @MaxLength(500) @Matches(PAGE_URL) refreshUrl!: string;
}

/** `payments.payout.list`: the caller's balance and payouts, newest first. */
export class ListPayoutsRequest extends ListPayoutsQueryDto {
  @IsUUID('all') actorId!: string;
}

/** `payments.payout.ledger`: the caller's balances and ledger lines, newest first. */
export class ListLedgerRequest extends ListLedgerQueryDto {
  @IsUUID('all') actorId!: string;
}

/** An onboarding link's token (test mode). */
const LINK_TOKEN = /^[A-Za-z0-9]{16,64}$/;

/** `payments.test-onboarding.get`: what the test-mode onboarding page shows for a link. */
export class GetTestOnboardingRequest {
  @IsString() @Matches(LINK_TOKEN, { message: 'This onboarding link is not valid' }) token!: string;
}

/**
 * `payments.test-onboarding.complete`: the details the test-mode onboarding page collected. `actorId` is the caller's
 * session, if any: changing the details of an account that already has some needs the seller's own.
 */
export class CompleteTestOnboardingRequest extends TestOnboardingDetailsDto {
  @IsString() @Matches(LINK_TOKEN, { message: 'This onboarding link is not valid' }) token!: string;
  @IsOptional() @IsUUID('all') actorId?: string;
}

/**
 * `payments.product.open-checkout`: whether a buyer is paying for the product now (an unpaid checkout touched within
 * the last `CHECKOUT_HOLD_MINUTES`); catalog refuses an edit meanwhile, as the buyer's amount is already fixed.
 */
export class GetOpenCheckoutRequest {
  @IsUUID('all') productId!: string;
  /** Reserving for this member: their own checkout does not count. */
  @IsOptional() @IsUUID('all') exceptBuyerId?: string;
}

export interface OpenCheckoutDto {
  open: boolean;
}

/** How long an unpaid checkout counts as in progress (an abandoned one stops blocking edits after this). */
export const CHECKOUT_HOLD_MINUTES = 30;
