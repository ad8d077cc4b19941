import type { ConversationDto, InboxView, MessageDto, UnreadCountDto } from './message.dto';
import { CountUnreadRequest, GetThreadRequest, ListConversationsRequest, SendMessageRequest } from './messaging.rpc';
import type { Contract } from '../rpc/contract';

/** messaging's request/reply subjects. */
export const MESSAGING_RPC = {
  sendMessage: 'messaging.message.send',
  listConversations: 'messaging.conversation.list',
  getThread: 'messaging.thread.get',
  countUnread: 'messaging.message.unread-count',
} as const;

export interface MessagingContracts {
  [MESSAGING_RPC.sendMessage]: Contract<SendMessageRequest, MessageDto>;
  [MESSAGING_RPC.listConversations]: Contract<ListConversationsRequest, InboxView<ConversationDto[]>>;
  [MESSAGING_RPC.getThread]: Contract<GetThreadRequest, InboxView<MessageDto[]>>;
  [MESSAGING_RPC.countUnread]: Contract<CountUnreadRequest, InboxView<UnreadCountDto>>;
}

export const MESSAGING_REQUEST_TYPES = {
  [MESSAGING_RPC.sendMessage]: SendMessageRequest,
  [MESSAGING_RPC.listConversations]: ListConversationsRequest,
  [MESSAGING_RPC.getThread]: GetThreadRequest,
  [MESSAGING_RPC.countUnread]: CountUnreadRequest,
} as const;
