import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  AppealDto,
  CreateReportDto,
  DecideReportDto,
  KeywordsDto,
  RPC,
  type KeywordsListDto,
  type ModerationDecisionDto,
  type ModerationQueuePageDto,
  type ReportDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/** `GET /api/support/reports` query: the next page's cursor. */
class ModerationQueueQuery {
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
}

/** A page of support's moderation queue. */
const QUEUE_PAGE = 20;

/**
 * Reports of a listing, a message, a review or a person (signed in). A report only queues its subject for support:
 * nothing is hidden until support decides. 409 while the caller's earlier report of the same subject is open.
 */
@Controller('api/reports')
@UseGuards(AuthGuard)
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @WriteLimit('reports')
  @HttpCode(201)
  create(@ActorId() actorId: string, @Body() body: CreateReportDto): Promise<ReportDto> {
    return this.rpc.send(RPC.moderation.createReport, { actorId, ...body });
  }

  /** The reported person appeals support's decision about their content or account, once (404 to anyone else). */
  @Post(':id/appeal')
  @WriteLimit('reports')
  @HttpCode(204)
  async appeal(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Report')) reportId: string,
    @Body() body: AppealDto,
  ): Promise<void> {
    await this.rpc.send(RPC.moderation.appeal, { actorId, reportId, message: body.message });
  }
}

/** Support's moderation queue and decisions; moderation checks the support role with identity (403 for a member). */
@Controller('api/support')
@UseGuards(AuthGuard)
export class ModerationSupportController {
  constructor(private readonly rpc: RpcClient) {}

  /** One case per reported subject, oldest first, with its reports and both sides' history. */
  @Get('reports')
  queue(@ActorId() actorId: string, @Query() query: ModerationQueueQuery): Promise<ModerationQueuePageDto> {
    return this.rpc.send(RPC.moderation.listQueue, {
      actorId,
      limit: QUEUE_PAGE,
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
  }

  /** Dismiss, hide the content, or suspend its owner; closes every open report of the subject (409 once decided). */
  @Post('reports/:id/decision')
  @WriteLimit('orders')
  @HttpCode(200)
  decide(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Report')) reportId: string,
    @Body() body: DecideReportDto,
  ): Promise<ModerationDecisionDto> {
    return this.rpc.send(RPC.moderation.decide, { actorId, reportId, action: body.action, reason: body.reason });
  }

  @Get('moderation/keywords')
  keywords(@ActorId() actorId: string): Promise<KeywordsListDto> {
    return this.rpc.send(RPC.moderation.getKeywords, { actorId });
  }

  /** Replaces the prohibited-keywords list. */
  @Put('moderation/keywords')
  @WriteLimit('orders')
  saveKeywords(@ActorId() actorId: string, @Body() body: KeywordsDto): Promise<KeywordsListDto> {
    return this.rpc.send(RPC.moderation.putKeywords, { actorId, list: { keywords: body.keywords } });
  }
}
