import { ArrayMaxSize, IsArray, IsEmail, IsUUID, MaxLength } from 'class-validator';

/**
 * What notifications (the only mail sender) asks payments about orders just before it mails about them: the facts a
 * receipt shows and the link that opens the order. A guest's link carries a new private token, issued by this
 * request and stored hashed by payments (the raw token only travels in the reply and the mail).
 */
export interface OrderMailFactsDto {
  orderId: string;
  /** The order's first item (a bundle's others follow in `itemTitles`). */
  productTitle: string;
  /** Every item's title, in the order's order (one for a single item). */
  itemTitles: string[];
  amountCents: number;
  currency: string;
  sellerName: string | null;
  sellerId: string;
  /** Null for a guest's order. */
  buyerUserId: string | null;
  /** The address and first name the buyer paid with (a guest's only contact). */
  buyerEmail: string;
  buyerFirstName: string;
  /** `/orders/<id>` for members; for a guest's order asked with `guestLinks`, `/orders/<new private token>`. */
  link: string;
}

export class GetOrderMailFactsRequest {
  @IsArray() @ArrayMaxSize(100) @IsUUID('all', { each: true }) orderIds!: string[];
  /** The guest orders among them whose link is for the guest: each gets a new private token. */
  @IsArray() @ArrayMaxSize(100) @IsUUID('all', { each: true }) guestLinks!: string[];
}

/** "Find my order": the paid guest orders of this address, each with a new private link (newest 20). */
export class GuestOrderLinksRequest {
  @IsEmail() @MaxLength(254) email!: string;
}
