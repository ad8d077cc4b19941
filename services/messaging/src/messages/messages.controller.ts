import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { MessagesService } from './messages.service';

/** messaging's request/reply subjects; each handler only delegates. */
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @RpcHandler(RPC.messaging.sendMessage)
  send(request: RpcRequest<typeof RPC.messaging.sendMessage>) {
    return this.messages.send(request);
  }

  @RpcHandler(RPC.messaging.listConversations)
  conversations(request: RpcRequest<typeof RPC.messaging.listConversations>) {
    return this.messages.conversations(request);
  }

  @RpcHandler(RPC.messaging.getThread)
  thread(request: RpcRequest<typeof RPC.messaging.getThread>) {
    return this.messages.thread(request);
  }

  @RpcHandler(RPC.messaging.countUnread)
  countUnread(request: RpcRequest<typeof RPC.messaging.countUnread>) {
    return this.messages.countUnread(request);
  }
}
