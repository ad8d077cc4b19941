import { IsArray, IsDateString, IsIn, IsInt, IsOptional, IsString, IsUUID, Min } from 'class-validator';
import { MESSAGE_KINDS, SHIELD_FINDINGS, type MessageKind, type ShieldFinding } from './message.dto';
import { defineEvents, event } from '../events/event';
import { VelocityExceededEvent } from '../moderation/velocity';

/** A message was stored (one written by a person, or an order's system note); the recipient may be notified. */
export class MessageSentEvent {
  @IsUUID('all') messageId!: string;
  @IsUUID('all') fromUserId!: string;
  @IsUUID('all') toUserId!: string;
  @IsUUID('all') productId!: string;
  @IsString() content!: string;
  /** Absent on a person's message; 'offer': an offer's step, whose own mail notifications already sends. */
  @IsOptional() @IsIn(MESSAGE_KINDS) kind?: MessageKind;
  @IsDateString() occurredAt!: string;
}

/**
 * The contact-details shield caught a message (its recipient was shown it masked): moderation opens a case in
 * support's queue with the sender's words as written (`content`), as it keeps a reported message's words. Written by
 * the statement that stores the message.
 */
export class MessageFlaggedEvent {
  @IsUUID('all') messageId!: string;
  @IsUUID('all') fromUserId!: string;
  @IsUUID('all') toUserId!: string;
  @IsUUID('all') productId!: string;
  @IsString() content!: string;
  @IsArray() @IsIn(SHIELD_FINDINGS, { each: true }) findings!: ShieldFinding[];
  @IsDateString() occurredAt!: string;
}

/** A new message; read marks; a person's name or avatar; a product's title (set by messaging's triggers). */
export const INBOX_CHANGE_CAUSES = ['message', 'read', 'profile', 'product'] as const;
export type InboxChangeCause = (typeof INBOX_CHANGE_CAUSES)[number];

/**
 * What one user sees in Messages (conversation list, threads, unread count) changed: a message to or from them was
 * sent, or one was read. `version` is that user's inbox version after the change; it only grows, so a late event
 * never lowers it. The gateway follows these to answer unchanged polls with 304 (see InboxFreshness there).
 */
export class InboxChangedEvent {
  @IsUUID('all') userId!: string;
  @IsInt() @Min(1) version!: number;
  /**
   * What changed it. A new message (`message`) has its own message.sent event too. Absent on events written before
   * causes were recorded.
   */
  @IsOptional() @IsIn(INBOX_CHANGE_CAUSES) cause?: InboxChangeCause;
  @IsDateString() occurredAt!: string;
}

/** messaging's event subjects, each with its payload class. */
export const MESSAGING_EVENTS = defineEvents('messaging', {
  messageSent: event('events.messaging.message.sent', MessageSentEvent),
  inboxChanged: event('events.messaging.inbox.changed', InboxChangedEvent),
  messageFlagged: event('events.messaging.message.flagged', MessageFlaggedEvent),
  /** A new account wrote to more new people in an hour than its threshold: moderation queues the account. */
  contactVelocityExceeded: event('events.messaging.contact-velocity.exceeded', VelocityExceededEvent),
});
