import { UserExportRequest, type UserExportPage } from '../export/user-export';
import type { ConversationDto, FlaggedMessagesPage, InboxView, MessageDto, UnreadCountDto } from './message.dto';
import {
  CountUnreadRequest,
  GetThreadRequest,
  ListConversationsRequest,
  ListFlaggedMessagesRequest,
  SendMessageRequest,
} from './messaging.rpc';
import { defineRpc, rpc } from '../rpc/contract';
import { ReportSnapshotRequest, type ReportSnapshotDto } from '../moderation/moderation.rpc';

/** messaging's request/reply subjects, each with its request class and reply type. */
export const MESSAGING_RPC = defineRpc('messaging', {
  sendMessage: rpc('messaging.message.send', SendMessageRequest).returns<MessageDto>(),
  listConversations: rpc('messaging.conversation.list', ListConversationsRequest).returns<
    InboxView<ConversationDto[]>
  >(),
  getThread: rpc('messaging.thread.get', GetThreadRequest).returns<InboxView<MessageDto[]>>(),
  countUnread: rpc('messaging.message.unread-count', CountUnreadRequest).returns<InboxView<UnreadCountDto>>(),
  /** A message as moderation keeps it with a report: its recipient's only (NOT_FOUND to anyone else). */
  reportSnapshot: rpc('messaging.message.report-snapshot', ReportSnapshotRequest).returns<ReportSnapshotDto>(),
  /** One page of one section of a person's data, for their data export (identity's job asks). */
  exportUserData: rpc('messaging.user.export', UserExportRequest).returns<UserExportPage>(),
  /** Support only: the messages the contact-details shield caught (the moderation queue reads these). */
  listFlaggedMessages: rpc('messaging.flagged.list', ListFlaggedMessagesRequest).returns<FlaggedMessagesPage>(),
});
