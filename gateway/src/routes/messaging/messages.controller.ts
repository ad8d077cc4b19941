import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ConversationsQueryDto,
  PAGE_SIZE,
  RPC,
  SendMessageDto,
  ThreadQueryDto,
  type MessageDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { UnverifiedWrite } from '../../session/unverified-allowance';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { InboxFreshness } from './inbox-freshness';

/**
 * The signed-in user's messages; messaging enforces who may write to whom. The three polled views answer 304 while
 * the caller's inbox has not changed (InboxFreshness), so they write their own responses.
 */
@Controller('api/messages')
@UseGuards(AuthGuard)
export class MessagesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly inbox: InboxFreshness,
  ) {}

  /** A page of the caller's conversations, newest first, optionally searched; the next page's cursor in `X-Next-Cursor`. */
  @Get('conversations')
  conversations(
    @ActorId() actorId: string,
    @Query() query: ConversationsQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.inbox.respond(req, res, actorId, () =>
      this.rpc.sendSerialised(RPC.messaging.listConversations, {
        actorId,
        limit: query.limit ?? PAGE_SIZE.default,
        ...(query.cursor ? { cursor: query.cursor } : {}),
        ...(query.search ? { search: query.search } : {}),
      }),
    );
  }

  @Get('unread-count')
  unreadCount(@ActorId() actorId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.inbox.respond(req, res, actorId, () => this.rpc.sendSerialised(RPC.messaging.countUnread, { actorId }));
  }

  /** The thread oldest first; opening it marks the caller's incoming messages read. */
  @Get(':otherUserId')
  thread(
    @ActorId() actorId: string,
    @Param('otherUserId', new UuidPipe('User')) otherUserId: string,
    @Query() query: ThreadQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.inbox.respond(req, res, actorId, () =>
      this.rpc.sendSerialised(RPC.messaging.getThread, {
        actorId,
        otherUserId,
        ...(query.productId ? { productId: query.productId } : {}),
      }),
    );
  }

  @Post()
  @WriteLimit('messages')
  @UnverifiedWrite()
  async send(@ActorId() actorId: string, @Body() message: SendMessageDto): Promise<MessageDto> {
    const sent = await this.rpc.send(RPC.messaging.sendMessage, { actorId, ...message });
    this.inbox.forget(actorId, sent.toUserId);
    return sent;
  }
}
