import { Type } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { CreatePaymentIntentDto, TestCardDto } from './payment.dto';

/** `payments.intent.create`: `actorId` is absent for a guest. */
export class CreatePaymentIntentRequest extends CreatePaymentIntentDto {
  @IsOptional() @IsUUID('all') actorId?: string;
}

/** `payments.intent.confirm-test`: the built-in test-mode provider's confirm step (NOT_FOUND with Stripe). */
export class ConfirmTestPaymentRequest {
  @IsString() @IsNotEmpty() @MaxLength(100) paymentIntentId!: string;
  @ValidateNested() @Type(() => TestCardDto) card!: TestCardDto;
}

/** `payments.intent.reconcile`: asks the provider for the intent's state and applies it to the order. */
export class ReconcilePaymentRequest {
  @IsString() @IsNotEmpty() @MaxLength(100) paymentIntentId!: string;
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
