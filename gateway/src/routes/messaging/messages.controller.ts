import { Body, Controller, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  RPC, SendMessageDto, ThreadQueryDto, type ConversationDto, type MessageDto, type UnreadCountDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/** The signed-in user's messages; messaging enforces who may write to whom. */
@Controller('api/messages')
@UseGuards(AuthGuard)
export class MessagesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('conversations')
  conversations(@ActorId() actorId: string): Promise<ConversationDto[]> {
    return this.rpc.send(RPC.messaging.listConversations, { actorId });
  }

  @Get('unread-count')
  unreadCount(@ActorId() actorId: string): Promise<UnreadCountDto> {
    return this.rpc.send(RPC.messaging.countUnread, { actorId });
  }

  /** The thread oldest first; opening it marks the caller's incoming messages read. */
  @Get(':otherUserId')
  thread(@ActorId() actorId: string, @Param('otherUserId', new UuidPipe('User')) otherUserId: string, @Query() query: ThreadQueryDto): Promise<MessageDto[]> {
    return this.rpc.send(RPC.messaging.getThread, { actorId, otherUserId, ...(query.productId ? { productId: query.productId } : {}) });
  }

  @Post()
  send(@ActorId() actorId: string, @Body() message: SendMessageDto): Promise<MessageDto> {
    return this.rpc.send(RPC.messaging.sendMessage, { actorId, ...message });
  }
}
