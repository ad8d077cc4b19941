import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  DecideClaimDto,
  RPC,
  type OrderDetailDto,
  type SupportCardDisputesPageDto,
  type SupportClaimsPageDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { SignedEvidence } from './signed-evidence.interceptor';

/** `GET /api/support/claims` query: the next page's cursor. */
class SupportClaimsQuery {
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
}

/** The support queue. Signed in here; payments checks the support role with identity (403 for a member). */
@Controller('api/support')
@UseGuards(AuthGuard)
@UseInterceptors(SignedEvidence)
export class SupportController {
  constructor(private readonly rpc: RpcClient) {}

  /** Open claims waiting for a decision, oldest first. */
  @Get('claims')
  claims(@ActorId() actorId: string, @Query() query: SupportClaimsQuery): Promise<SupportClaimsPageDto> {
    return this.rpc.send(RPC.payments.listOpenClaims, { actorId, ...(query.cursor ? { cursor: query.cursor } : {}) });
  }

  /** Orders whose card payment the buyer's bank is disputing (their money is frozen), oldest first. */
  @Get('disputes')
  disputes(@ActorId() actorId: string, @Query() query: SupportClaimsQuery): Promise<SupportCardDisputesPageDto> {
    return this.rpc.send(RPC.payments.listCardDisputes, { actorId, ...(query.cursor ? { cursor: query.cursor } : {}) });
  }

  @Post('claims/:id/decision')
  @WriteLimit('orders')
  @HttpCode(200)
  decide(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Claim')) claimId: string,
    @Body() body: DecideClaimDto,
  ): Promise<OrderDetailDto> {
    return this.rpc.send(RPC.payments.decideClaim, {
      claimId,
      actorId,
      outcome: body.outcome,
      reason: body.reason,
      ...(body.returnFirst ? { returnFirst: true } : {}),
    });
  }
}
