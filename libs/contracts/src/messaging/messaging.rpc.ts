import { IsOptional, IsUUID } from 'class-validator';
import { SendMessageDto } from './message.dto';

/** `messaging.message.send`: the caller writes to a product's seller, or replies within a conversation. */
export class SendMessageRequest extends SendMessageDto {
  @IsUUID('all') actorId!: string;
}

/** `messaging.conversation.list`: the caller's conversations, newest first. */
export class ListConversationsRequest {
  @IsUUID('all') actorId!: string;
}

/** `messaging.thread.get`: the messages between the caller and another user; marks the caller's incoming ones read. */
export class GetThreadRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') otherUserId!: string;
  @IsOptional() @IsUUID('all') productId?: string;
}

/** `messaging.message.unread-count`: how many messages to the caller are unread. */
export class CountUnreadRequest {
  @IsUUID('all') actorId!: string;
}
