import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  PAGE_SIZE,
  PageQueryDto,
  RPC,
  type NotificationsPageDto,
  type NotificationsUnreadDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/** The header's bell: the caller's notifications, kept by the notifications service. */
@Controller('api/notifications')
@UseGuards(AuthGuard)
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Newest first: `limit` (1-100, 24 unless asked) and the previous page's `nextCursor`. */
  @Get()
  list(@ActorId() actorId: string, @Query() query: PageQueryDto): Promise<NotificationsPageDto> {
    return this.rpc.send(RPC.notifications.listNotifications, {
      actorId,
      limit: query.limit ?? PAGE_SIZE.default,
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
  }

  @Get('unread-count')
  unreadCount(@ActorId() actorId: string): Promise<NotificationsUnreadDto> {
    return this.rpc.send(RPC.notifications.countUnread, { actorId });
  }

  @Post('read-all')
  @HttpCode(204)
  async markAllRead(@ActorId() actorId: string): Promise<void> {
    await this.rpc.send(RPC.notifications.markAllRead, { actorId });
  }

  @Post(':id/read')
  @HttpCode(204)
  async markRead(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Notification')) notificationId: string,
  ): Promise<void> {
    await this.rpc.send(RPC.notifications.markRead, { actorId, notificationId });
  }
}
