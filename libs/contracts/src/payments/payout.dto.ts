import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { LedgerLineKind } from './ledger-lines';

// The ledger's kinds and labels live apart, free of decorators: the web's Payouts page uses them without reflect-metadata.
export * from './ledger-lines';

/*
 * Sellers get paid. The buyer's money is held by the platform until the order completes, then
 * transferred to the seller's payout account (Stripe Connect Express; the test-mode provider plays Stripe's part).
 * Every movement is a balanced entry of payments' ledger (docs/payments.md).
 */

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * A seller's payout account: `not_set_up` (none yet), `pending` (onboarding not finished, or the provider is still
 * checking), `active` (charges and payouts enabled, nothing due: completed orders are paid), `restricted` (the
 * provider needs something or refused: money waits in the balance).
 */
export const PAYOUT_ACCOUNT_STATUSES = ['not_set_up', 'pending', 'active', 'restricted'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** `GET /api/payouts/account`. */
export interface PayoutAccountDto {
  status: PayoutAccountStatus;
  /** What the provider still needs, as sentences the seller can act on (empty when nothing is due). */
  requirementsDue: string[];
  /** The last four digits of the bank account payouts go to, once known. */
  bankLast4: string | null;
  /** ISO 8601 UTC; null when not set up. */
  updatedAt: string | null;
}

/** `POST /api/payouts/account`: where to send the seller to give their details (Stripe's hosted onboarding). */
export interface PayoutOnboardingDto {
  url: string;
}

/** Money in dollars as strings ("12.50"), like every amount the API answers. */
export interface PayoutBalanceDto {
  /** Paid by buyers for orders not completed yet (held until the buyer confirms or the claim window ends). */
  held: string;
  /** Earned (orders completed) and not paid out yet: waiting for an active payout account, or being paid. */
  available: string;
  /** Transferred to the seller's payout account, ever. */
  paidOut: string;
  currency: string;
}

/**
 * One payout: the money of one completed order, less the platform fee. `waiting`: no active payout account yet;
 * `pending`: the transfer is being made; `paid`; `failed` (the provider refused: retried when the account is
 * active again); `reversed` (taken back after a card dispute was lost).
 */
export const PAYOUT_STATUSES = ['waiting', 'pending', 'paid', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export interface PayoutDto {
  id: string;
  status: PayoutStatus;
  /** What reaches the seller: the order's amount less the fee. */
  amount: string;
  fee: string;
  currency: string;
  order: { id: string; productTitle: string; amount: string };
  createdAt: string;
  paidAt: string | null;
  failureMessage: string | null;
}

/** `GET /api/payouts`: the balance and one page of payouts, newest first. */
export interface PayoutsPageDto {
  balance: PayoutBalanceDto;
  items: PayoutDto[];
  nextCursor: string | null;
}

/** `GET /api/payouts?cursor=&limit=` query. */
export class ListPayoutsQueryDto {
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @IsOptional() @Type(() => Number) @IsInt({ message: 'limit must be a whole number' }) @Min(1) @Max(50) limit?: number;
}

/** The seller's three balances, in dollars as strings. */
export interface LedgerBalancesDto {
  held: string;
  available: string;
  paidOut: string;
}

export interface LedgerLineDto {
  /** Stable across pages: the journal entry and the line's kind. */
  id: string;
  kind: LedgerLineKind;
  at: string;
  order: { id: string; productTitle: string };
  /** What the line moved in each balance, signed ("-1.60", "0.00"). */
  change: LedgerBalancesDto;
  /** Each balance just after this line: the newest line's equals the balance shown above the ledger. */
  balanceAfter: LedgerBalancesDto;
  /** On a `released` line: where the payout of that sale stands (waiting for the account, on its way, failed...). */
  payout: { status: PayoutStatus; failureMessage: string | null } | null;
}

/** `GET /api/payouts/ledger`: the balances now and one page of ledger lines, newest first. */
export interface LedgerPageDto {
  balance: PayoutBalanceDto;
  items: LedgerLineDto[];
  nextCursor: string | null;
}

/** `GET /api/payouts/ledger?cursor=&limit=` query; the cursor is the last line's journal entry. */
export class ListLedgerQueryDto {
  @IsOptional() @IsString() @Matches(/^\d{1,19}$/, { message: 'cursor is not valid' }) cursor?: string;
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(200)
  limit?: number;
}

/**
 * Where an order's money is, on the order page: `pending` (not paid yet), `held` (until the buyer confirms),
 * `frozen` (a claim or a card dispute is open), `releasing` (completed: being paid to the seller), `awaiting_payout_account`
 * (completed; the seller has no active payout account yet), `paid_to_seller`, `refunding`, `refunded`,
 * `charged_back` (a card dispute was lost: the bank gave the money back to the buyer).
 */
export const ORDER_MONEY_STATES = [
  'pending',
  'held',
  'frozen',
  'releasing',
  'awaiting_payout_account',
  'paid_to_seller',
  'refunding',
  'refunded',
  'charged_back',
] as const;
export type OrderMoneyState = (typeof ORDER_MONEY_STATES)[number];

export interface OrderMoneyDto {
  state: OrderMoneyState;
  /** When it got there (paid to the seller on…, refunded on…); null while it is on its way. */
  at: string | null;
  /** The last four digits of the buyer's card, when the provider told them (shown to the buyer with a refund). */
  cardLast4?: string | null;
  /** The seller's share and the platform's fee (shown to the seller). */
  sellerAmount: string;
  fee: string;
  /**
   * A claim's refund of some of the order's items (the rest is the seller's, as `state` says): its amount, and when it
   * reached the buyer's card (null while on its way). Absent when no such refund was decided.
   */
  itemsRefund?: { amount: string; at: string | null };
}

/** A card dispute (chargeback) on the order's payment, reported by the provider. */
export interface OrderCardDisputeDto {
  status: 'open' | 'won' | 'lost';
  reason: string;
  openedAt: string;
  /** What the bank disputes: what the buyer still paid (the amount less a refund already made, e.g. of some items). */
  amount: string;
}

/**
 * The test-mode provider's onboarding page (`/payouts/test-onboarding/{token}`), standing in for Stripe's hosted
 * one: the same kind of details, the same outcomes (Stripe's test values: date of birth 1902-01-01 fails the
 * identity check; bank account 000111111116 is refused).
 */
export interface TestOnboardingDto {
  accountId: string;
  email: string | null;
  /** False once the link has been used or has expired (Stripe's links are single-use too). */
  usable: boolean;
}

/** `POST /api/payouts/test-onboarding/{token}` body. */
export class TestOnboardingDetailsDto {
  @Transform(trim)
  @IsString({ message: 'Legal name is required' })
  @IsNotEmpty({ message: 'Legal name is required' })
  @MaxLength(100, { message: 'Legal name is too long' })
  legalName!: string;

  @IsString({ message: 'Date of birth is required' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date of birth must be YYYY-MM-DD' })
  dateOfBirth!: string;

  @Transform(trim)
  @IsString({ message: 'Address is required' })
  @IsNotEmpty({ message: 'Address is required' })
  @MaxLength(200, { message: 'Address is too long' })
  addressLine!: string;

  @Transform(trim)
  @IsString({ message: 'City is required' })
  @IsNotEmpty({ message: 'City is required' })
  @MaxLength(100, { message: 'City is too long' })
  city!: string;

  @Transform(trim)
  @IsString({ message: 'Postal code is required' })
  @Matches(/^[A-Za-z0-9 -]{3,10}$/, { message: 'Postal code is not valid' })
  postalCode!: string;

  @Transform(trim)
  @IsString({ message: 'Routing number is required' })
  @Matches(/^\d{9}$/, { message: 'Routing number must be 9 digits' })
  routingNumber!: string;

  @Transform(trim)
  @IsString({ message: 'Account number is required' })
  @Matches(/^\d{4,17}$/, { message: 'Account number must be 4 to 17 digits' })
  accountNumber!: string;
}

/** Where the test-mode onboarding sends the seller back to (Stripe's `return_url`). */
export interface TestOnboardingDoneDto {
  returnUrl: string;
}
