import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsPositive, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ServiceConfig } from '@souvenir/platform';

/**
 * Stripe is used whenever STRIPE_SECRET_KEY is set; otherwise the built-in test-mode provider, which follows
 * Stripe's test cards and refuses to run in production.
 */
export class PaymentsConfig extends ServiceConfig {
  override HTTP_PORT: number = 4005;

  @ValidateIf((c: PaymentsConfig) => c.NODE_ENV === 'production')
  @IsNotEmpty({
    message:
      'STRIPE_SECRET_KEY must be set in production: the built-in test-mode payment provider refuses to run there',
  })
  STRIPE_SECRET_KEY = '';

  /** Sent to the web app with each intent (Stripe Elements needs it). */
  @ValidateIf((c: PaymentsConfig) => c.STRIPE_SECRET_KEY !== '')
  @IsNotEmpty({ message: 'STRIPE_PUBLISHABLE_KEY must be set when STRIPE_SECRET_KEY is' })
  STRIPE_PUBLISHABLE_KEY = '';

  /** Verifies `Stripe-Signature` on POST /api/webhooks/stripe. */
  @ValidateIf((c: PaymentsConfig) => c.STRIPE_SECRET_KEY !== '')
  @IsNotEmpty({ message: 'STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is' })
  STRIPE_WEBHOOK_SECRET = '';

  /** Where the SDK sends API calls; empty for Stripe's own (tests point it at a local stub). */
  @IsString()
  STRIPE_API_HOST = '';

  /** 0: the SDK's default port. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  STRIPE_API_PORT: number = 0;

  @ValidateIf((c: PaymentsConfig) => c.STRIPE_API_PROTOCOL !== '')
  @IsIn(['http', 'https'], { message: 'STRIPE_API_PROTOCOL must be http or https' })
  STRIPE_API_PROTOCOL = '';

  /** When the sweep compares unpaid orders with their intents (cron, UTC; pg-boss fires it once per slot across replicas). */
  @IsString()
  PAYMENTS_SWEEP_CRON = '* * * * *';

  /** Orders checked per sweep, least recently checked first. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000)
  PAYMENTS_SWEEP_BATCH: number = 100;

  /** An order touched more recently than this is a checkout in progress: the sweep leaves it alone. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  PAYMENTS_SWEEP_GRACE_SECONDS: number = 60;

  /** How long after its start an unpaid order is still swept (a card intent can be confirmed days later). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(365)
  PAYMENTS_SWEEP_WINDOW_DAYS: number = 7;

  /*
   * The order's deadlines. Fractions are allowed so that tests run them in seconds
   * (SHIP_WITHIN_DAYS=0.00005 is about 4 s). The web app states them as `payments.protection.get` answers.
   */

  /** A paid order not shipped within this many days is cancelled and refunded. */
  @Type(() => Number)
  @IsPositive()
  @Max(365)
  SHIP_WITHIN_DAYS: number = 5;

  /** A shipped order not marked delivered within this many days of shipping becomes delivered. */
  @Type(() => Number)
  @IsPositive()
  @Max(365)
  DELIVERY_WINDOW_DAYS: number = 14;

  /** After delivery the buyer has this many days to confirm or open a claim; then the order completes. */
  @Type(() => Number)
  @IsPositive()
  @Max(365)
  CLAIM_WINDOW_DAYS: number = 3;

  /** A buyer's request to cancel expires when the seller has not agreed within this many hours. */
  @Type(() => Number)
  @IsPositive()
  @Max(24 * 365)
  CANCEL_REQUEST_HOURS: number = 72;

  /** A claim the seller has not answered within this many hours goes to support. */
  @Type(() => Number)
  @IsPositive()
  @Max(24 * 365)
  CLAIM_RESPONSE_HOURS: number = 72;

  /** After the seller accepts a return, the buyer sends the item within this many days or the claim closes. */
  @Type(() => Number)
  @IsPositive()
  @Max(365)
  RETURN_SHIP_DAYS: number = 7;

  /** A sent return the seller has not confirmed within this many days is refunded to the buyer anyway. */
  @Type(() => Number)
  @IsPositive()
  @Max(365)
  RETURN_ARRIVAL_DAYS: number = 14;

  /** An offer (or a counter) not answered within this many hours expires (fractions: tests use seconds). */
  @Type(() => Number)
  @IsPositive()
  @Max(24 * 365)
  OFFER_TTL_HOURS: number = 48;

  /** An accepted offer may be paid at its amount for this many hours; then it expires. */
  @Type(() => Number)
  @IsPositive()
  @Max(24 * 365)
  OFFER_PAY_HOURS: number = 24;

  /** The platform's fee on a completed order, a percentage of its amount kept when the seller is paid (the spec shows $0.00). */
  @Type(() => Number)
  @Min(0)
  @Max(50)
  PLATFORM_FEE_PERCENT: number = 0;

  get usesStripe(): boolean {
    return this.STRIPE_SECRET_KEY !== '';
  }
}
