import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { LiveEventsService } from '../live/live-events.service';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsController {
  constructor(
    private readonly live: LiveEventsService,
    private readonly notifications: NotificationsService,
  ) {}

  @RpcHandler(RPC.notifications.listEventsAfter)
  listEventsAfter(request: RpcRequest<typeof RPC.notifications.listEventsAfter>) {
    return this.live.after(request);
  }

  @RpcHandler(RPC.notifications.listNotifications)
  list(request: RpcRequest<typeof RPC.notifications.listNotifications>) {
    return this.notifications.list(request);
  }

  @RpcHandler(RPC.notifications.countUnread)
  countUnread(request: RpcRequest<typeof RPC.notifications.countUnread>) {
    return this.notifications.countUnread(request);
  }

  @RpcHandler(RPC.notifications.markRead)
  markRead(request: RpcRequest<typeof RPC.notifications.markRead>) {
    return this.notifications.markRead(request);
  }

  @RpcHandler(RPC.notifications.markAllRead)
  markAllRead(request: RpcRequest<typeof RPC.notifications.markAllRead>) {
    return this.notifications.markAllRead(request);
  }
}
