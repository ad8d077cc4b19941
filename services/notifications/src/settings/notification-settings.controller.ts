import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { NotificationSettingsService } from './notification-settings.service';

@Controller()
export class NotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsService) {}

  @RpcHandler(RPC.notifications.getSettings)
  get(request: RpcRequest<typeof RPC.notifications.getSettings>) {
    return this.settings.get(request);
  }

  @RpcHandler(RPC.notifications.updateSettings)
  update(request: RpcRequest<typeof RPC.notifications.updateSettings>) {
    return this.settings.update(request);
  }

  @RpcHandler(RPC.notifications.unsubscribe)
  unsubscribe(request: RpcRequest<typeof RPC.notifications.unsubscribe>) {
    return this.settings.unsubscribe(request);
  }
}
