import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ServiceConfig } from '@souvenir/platform';

/**
 * Stripe is used whenever STRIPE_SECRET_KEY is set; otherwise the built-in test-mode provider, which follows
 * Stripe's test cards and refuses to run in production.
 */
export class PaymentsConfig extends ServiceConfig {
  override HTTP_PORT: number = 4005;

  @ValidateIf((c: PaymentsConfig) => c.NODE_ENV === 'production')
  @IsNotEmpty({ message: 'STRIPE_SECRET_KEY must be set in production: the built-in test-mode payment provider refuses to run there' })
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
  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  STRIPE_API_PORT: number = 0;

  @ValidateIf((c: PaymentsConfig) => c.STRIPE_API_PROTOCOL !== '')
  @IsIn(['http', 'https'], { message: 'STRIPE_API_PROTOCOL must be http or https' })
  STRIPE_API_PROTOCOL = '';

  get usesStripe(): boolean {
    return this.STRIPE_SECRET_KEY !== '';
  }
}
