import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import {
  ConfirmTestPaymentDto,
  CreatePaymentIntentDto,
  ReconcilePaymentDto,
  RPC,
  type BuyerProtectionDto,
  type PaymentIntentDto,
  type PaymentStatusDto,
  type TestPaymentOutcomeDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { WriteLimit } from '../../security/write-limits';
import { OptionalActorId } from '../../session/auth.guard';

/** Checkout (the orders themselves: routes/orders): guests may pay too; a signed-in caller is passed as `actorId`. payments enforces every rule. */
@Controller('api')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** The order deadlines payments runs with: the pages that promise them read them here, never a copy. */
  @Get('buyer-protection')
  @Header('Cache-Control', 'public, max-age=300')
  buyerProtection(): Promise<BuyerProtectionDto> {
    return this.rpc.send(RPC.payments.getBuyerProtection, {});
  }

  /** 200 rather than 201: the answer is the card form's client secret, the order is not a resource yet. */
  @Post('create-payment-intent')
  @WriteLimit('paymentIntents')
  @HttpCode(200)
  createIntent(
    @OptionalActorId() actorId: string | undefined,
    @Body() body: CreatePaymentIntentDto,
  ): Promise<PaymentIntentDto> {
    return this.rpc.send(RPC.payments.createIntent, { ...body, ...(actorId ? { actorId } : {}) });
  }

  /** The test-mode card form's confirm step; 404 when Stripe is the provider. */
  @Post('payments/test-confirm')
  @HttpCode(200)
  confirmTestPayment(@Body() body: ConfirmTestPaymentDto): Promise<TestPaymentOutcomeDto> {
    return this.rpc.send(RPC.payments.confirmTestPayment, body);
  }

  /** The success page: the order's status after asking the provider (the buyer's session, or a guest's client secret). */
  @Post('payments/reconcile')
  @HttpCode(200)
  reconcile(
    @OptionalActorId() actorId: string | undefined,
    @Body() body: ReconcilePaymentDto,
  ): Promise<PaymentStatusDto> {
    return this.rpc.send(RPC.payments.reconcile, {
      paymentIntentId: body.paymentIntentId,
      ...(body.clientSecret ? { clientSecret: body.clientSecret } : {}),
      ...(actorId ? { actorId } : {}),
    });
  }
}
