import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PAGE_SIZE } from '../pagination/page-query.dto';
import { SendMessageDto } from './message.dto';

/** `messaging.message.send`: the caller writes to a product's seller, or replies within a conversation. */
export class SendMessageRequest extends SendMessageDto {
  @IsUUID('all') actorId!: string;
}

/** `messaging.conversation.list`: a page of the caller's conversations, newest first (see ConversationsQueryDto). */
export class ListConversationsRequest {
  @IsUUID('all') actorId!: string;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  /** The `nextCursor` of the previous page; an unreadable one is VALIDATION_FAILED 'Invalid cursor'. */
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
  @IsOptional() @IsString() @MaxLength(200) search?: string;
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

/** `messaging.flagged.list`: support reads the messages the contact-details shield caught, newest first. */
export class ListFlaggedMessagesRequest {
  @IsUUID('all') actorId!: string;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
}
