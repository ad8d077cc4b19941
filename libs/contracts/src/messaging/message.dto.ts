import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { UserSummaryDto } from '../identity/user.dto';
import { PageQueryDto } from '../pagination/page-query.dto';
import { LIMITS, MESSAGES } from '../validation/messages';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Seller card and Messages composer: `POST /api/messages` body. Content is trimmed before it is checked. */
export class SendMessageDto {
  @IsUUID('all', { message: 'toUserId must be a user id' })
  toUserId!: string;

  @IsUUID('all', { message: 'productId must be a product id' })
  productId!: string;

  @Transform(trim)
  @IsString({ message: MESSAGES.messageRequired })
  @IsNotEmpty({ message: MESSAGES.messageRequired })
  @MaxLength(LIMITS.messageMax, { message: MESSAGES.messageMax })
  content!: string;
}

/** `GET /api/messages/{otherUserId}` query: the thread may be narrowed to one product. */
export class ThreadQueryDto {
  @IsOptional()
  @IsUUID('all', { message: 'productId must be a product id' })
  productId?: string;
}

/**
 * `GET /api/messages/conversations` query: a page of the caller's conversations, newest first, optionally only those
 * whose other person's name, product title or latest message contains `search` (any case).
 */
export class ConversationsQueryDto extends PageQueryDto {
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Search is too long' })
  search?: string;
}

/** The product a message is about, as the conversation list shows it. */
export interface MessageProductDto {
  id: string;
  title: string;
}

/** One message, with both people and the product it is about. */
export interface MessageDto {
  id: string;
  fromUserId: string;
  toUserId: string;
  productId: string;
  content: string;
  createdAt: string;
  isRead: boolean;
  fromUser: UserSummaryDto;
  toUser: UserSummaryDto;
  product: MessageProductDto;
  /**
   * Present only on a system note about the product's order ("Order shipped with DHL 123"): not written by a
   * person (fromUser is the party who acted); show it as a note, not as that person's message. Absent on people's messages.
   * 'automatic': the away message of a person in away mode, sent for them (at most once a day per conversation).
   * 'offer': a step of an offer on the product between the two ("Offered $12.00"), sent in the name of the party who
   * acted (the seller's when nobody did: it expired, or a sale ended it); the offer itself, with what each may do
   * now, is `GET /api/offers?productId&withUserId`.
   */
  kind?: MessageKind;
  /**
   * Present only on a message the contact-details shield caught (an e-mail address, a phone number, bank details, a
   * payment link or a request to pay outside the site, sent before the two completed an order together): its
   * recipient reads `content` with those details masked, its sender reads their own words; both are warned.
   */
  flags?: MessageFlag[];
}

/** What a message is when not a person's own words (see MessageDto.kind). */
export const MESSAGE_KINDS = ['system', 'automatic', 'offer'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** What the contact-details shield marks a message with (API.md). */
export const MESSAGE_FLAGS = ['contact-details'] as const;
export type MessageFlag = (typeof MESSAGE_FLAGS)[number];

/** What the shield found in a message, for support (never shown to its recipient). */
export const SHIELD_FINDINGS = [
  'email',
  'phone',
  'bank-details',
  'payment-link',
  'contact-link',
  'payment-request',
] as const;
export type ShieldFinding = (typeof SHIELD_FINDINGS)[number];

/** The warning both people see beside a flagged message (the web app shows it in the conversation). */
export const SHIELD_WARNING =
  'Payments made outside the site are not covered by buyer protection. Never pay by bank transfer, payment link, gift card or crypto: pay with Buy now.';

/**
 * A flagged message as support reads it (`messaging.flagged.list`): the sender's words as written and what the
 * recipient was shown.
 */
export interface FlaggedMessageDto {
  id: string;
  fromUserId: string;
  toUserId: string;
  productId: string;
  content: string;
  maskedContent: string;
  findings: ShieldFinding[];
  createdAt: string;
}

/** A page of flagged messages, newest first. */
export interface FlaggedMessagesPage {
  items: FlaggedMessageDto[];
  nextCursor?: string;
}

/** The latest message of one (other user, product) pair, with how many of its messages the caller has not read. */
export interface ConversationDto extends MessageDto {
  unreadCount: number;
}

/** `GET /api/messages/unread-count`. */
export interface UnreadCountDto {
  count: number;
}

/**
 * A view of the caller's Messages with the inbox version it shows (messaging's reply to the
 * conversation list, thread and unread count; the gateway sends `view` and turns the version into an ETag).
 */
export interface InboxView<T> {
  inboxVersion: number;
  view: T;
  /** When the view is a page and more follow: the next page's cursor (the gateway sends it as `X-Next-Cursor`). */
  nextCursor?: string;
  /**
   * Users whose inboxes this read itself changed (opening a thread marks messages read): the gateway forgets their
   * versions at once, so their next polls reload, instead of waiting for the inbox.changed events.
   */
  changedInboxes?: string[];
}
