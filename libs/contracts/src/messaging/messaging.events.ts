import { IsDateString, IsString, IsUUID } from 'class-validator';

/** A message was stored; the recipient may be notified. */
export class MessageSentEvent {
  @IsUUID('all') messageId!: string;
  @IsUUID('all') fromUserId!: string;
  @IsUUID('all') toUserId!: string;
  @IsUUID('all') productId!: string;
  @IsString() content!: string;
  @IsDateString() occurredAt!: string;
}

/** messaging's event subjects with their payload classes. */
export const MESSAGING_EVENTS = {
  messageSent: 'events.messaging.message.sent',
} as const;

export const MESSAGING_EVENT_TYPES = {
  [MESSAGING_EVENTS.messageSent]: MessageSentEvent,
} as const;
