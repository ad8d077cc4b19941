import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ErrorCode, RPC } from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
import type { Request } from 'express';

/**
 * Provider webhooks. The body arrives raw (create-gateway.ts) because the signature covers the exact bytes;
 * payments verifies it. No session or Origin check applies: the signature is the authentication.
 */
@Controller('api/webhooks')
export class WebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('stripe')
  @HttpCode(200)
  async stripe(
    @Req() request: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    if (!Buffer.isBuffer(request.body) || !signature)
      throw new DomainError(ErrorCode.ValidationFailed, 'Missing webhook body or signature');
    await this.rpc.send(RPC.payments.handleWebhook, { payload: request.body.toString('utf8'), signature });
    return { received: true };
  }
}
