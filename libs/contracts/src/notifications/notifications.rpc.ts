import { IsEmail, IsInt, IsNumberString, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PAGE_SIZE } from '../pagination/page-query.dto';
import { MESSAGES } from '../validation/messages';

/** The caller's live events after `afterId` (a Last-Event-ID); without it, none, only the newest id. */
export class ListEventsAfterRequest {
  @IsUUID('all') actorId!: string;
  @IsOptional() @IsNumberString({ no_symbols: true }) @MaxLength(18) afterId?: string;
}

/** A page of the caller's notifications, newest first. */
export class ListNotificationsRequest {
  @IsUUID('all') actorId!: string;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  /** The `nextCursor` of the previous page; an unreadable one is VALIDATION_FAILED 'Invalid cursor'. */
  @IsOptional() @IsString() @MaxLength(500) cursor?: string;
}

export class CountUnreadNotificationsRequest {
  @IsUUID('all') actorId!: string;
}

/** Marks one of the caller's notifications read (again: no change). */
export class MarkNotificationReadRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') notificationId!: string;
}

export class MarkAllNotificationsReadRequest {
  @IsUUID('all') actorId!: string;
}

/**
 * "Find my order" (gateway, for anyone): queue the mail of the guest orders paid with `email`. Always accepted the
 * same way, whether or not there are any: the mail worker looks them up later and sends nothing when there are none.
 */
export class RequestGuestOrderLinksRequest {
  @IsEmail({}, { message: MESSAGES.invalidEmail }) @MaxLength(254, { message: MESSAGES.invalidEmail }) email!: string;
}
