import { Transform } from 'class-transformer';
import {
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  IsDateString,
} from 'class-validator';
import { LIMITS, MESSAGES } from '../validation/messages';
import { OrderAccessRequest } from './order.dto';

/**
 * Control characters other than a line break or a tab: nobody types them into a message, and some of them (NUL, the
 * escape that starts a terminal sequence) are how an attacker breaks what shows or stores the text.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const ORDER_MESSAGE_CONTROL_CHARACTERS = 'Message must not contain control characters';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `POST /api/orders/{ref}/messages` body: what the buyer (a guest by their private link) or the seller writes. */
export class SendOrderMessageDto {
  @Transform(trim)
  @IsString({ message: MESSAGES.messageRequired })
  @IsNotEmpty({ message: MESSAGES.messageRequired })
  @MaxLength(LIMITS.messageMax, { message: MESSAGES.messageMax })
  @ValidateBy(
    {
      name: 'noControlCharacters',
      validator: { validate: (value) => typeof value === 'string' && !CONTROL.test(value) },
    },
    { message: ORDER_MESSAGE_CONTROL_CHARACTERS },
  )
  content!: string;
}

/** An order messages page's cursor (opaque, base64url). */
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/** `GET /api/orders/{ref}/messages?before=`: `before` is the `olderCursor` of the page shown. */
export class OrderMessagesQueryDto {
  @IsOptional() @IsString() @Matches(CURSOR, { message: 'before is not a valid cursor' }) before?: string;
}

/** One message on an order, as its buyer, its seller or support sees it. */
export interface OrderMessageDto {
  id: string;
  /** Who wrote it: the order's buyer or its seller. */
  from: 'buyer' | 'seller';
  /** Their display name ("Guest" for a guest buyer without a name). */
  authorName: string;
  content: string;
  /** True when the caller wrote it. */
  mine: boolean;
  createdAt: string;
}

/** A page of an order's messages, oldest first; `olderCursor` loads the messages before them (null: none). */
export interface OrderMessagesDto {
  items: OrderMessageDto[];
  olderCursor: string | null;
}

/** `payments.order.messages`: the order's messages, for its buyer (session or private token), seller or support. */
export class ListOrderMessagesRequest extends OrderAccessRequest {
  @IsOptional() @IsString() @Matches(CURSOR) before?: string;
}

/** `payments.order.send-message`: the buyer or the seller writes on the order. */
export class SendOrderMessageRequest extends SendOrderMessageDto {
  @IsString() @IsNotEmpty() @MaxLength(100) orderRef!: string;
  @IsOptional() @IsUUID('all') actorId?: string;
}

/**
 * Someone wrote on an order (its buyer or its seller). Notifications mails the other side when it is a guest (with
 * the link back to their private order page) and tells a member's open pages at once.
 */
export class OrderMessageSentEvent {
  @IsUUID('all') messageId!: string;
  @IsUUID('all') orderId!: string;
  @IsUUID('all') productId!: string;
  @IsUUID('all') sellerId!: string;
  @ValidateIf((_, v) => v !== null) @IsUUID('all') buyerUserId!: string | null;
  @IsIn(['buyer', 'seller']) from!: 'buyer' | 'seller';
  @IsString() @MaxLength(200) authorName!: string;
  @IsString() @MaxLength(LIMITS.messageMax) content!: string;
  @IsDateString() occurredAt!: string;
}
