import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { BUNDLE_MAX_ITEMS, BUNDLE_MESSAGES, BUNDLE_MIN_ITEMS } from './bundle';
import { LIMITS, MESSAGES } from '../validation/messages';
import type { OrderStatus } from './order-status';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toText = ({ value }: { value: unknown }) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value;
/** Delivery fields are required unless the buyer ticked "same as billing" (spec section 5). */
const needsDelivery = (info: AddressInfoDto) => info.sameAsDelivery !== true;

export const DEFAULT_COUNTRY = 'United States';

/**
 * The address part of the checkout form (spec sections 3 and 5). State, country and phone are optional;
 * `sameAsDelivery` (the "Same as billing" box) copies billing into delivery.
 */
export class AddressInfoDto {
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(30, { message: 'Phone number is too long' })
  phone?: string;

  @Transform(trim)
  @IsNotEmpty({ message: MESSAGES.streetRequired })
  @IsString({ message: MESSAGES.streetRequired })
  @MaxLength(200, { message: 'Street address is too long' })
  billingStreet!: string;

  @Transform(trim)
  @IsNotEmpty({ message: MESSAGES.cityRequired })
  @IsString({ message: MESSAGES.cityRequired })
  @MaxLength(100, { message: 'City is too long' })
  billingCity!: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'State is too long' })
  billingState?: string;

  @Transform(trim)
  @IsNotEmpty({ message: MESSAGES.zipRequired })
  @IsString({ message: MESSAGES.zipRequired })
  @MaxLength(20, { message: 'ZIP code is too long' })
  billingZip!: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(60, { message: 'Country is too long' })
  billingCountry?: string;

  @Transform(trim)
  @ValidateIf(needsDelivery)
  @IsNotEmpty({ message: MESSAGES.streetRequired })
  @IsString({ message: MESSAGES.streetRequired })
  @MaxLength(200, { message: 'Street address is too long' })
  deliveryStreet?: string;

  @Transform(trim)
  @ValidateIf(needsDelivery)
  @IsNotEmpty({ message: MESSAGES.cityRequired })
  @IsString({ message: MESSAGES.cityRequired })
  @MaxLength(100, { message: 'City is too long' })
  deliveryCity?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'State is too long' })
  deliveryState?: string;

  @Transform(trim)
  @ValidateIf(needsDelivery)
  @IsNotEmpty({ message: MESSAGES.zipRequired })
  @IsString({ message: MESSAGES.zipRequired })
  @MaxLength(20, { message: 'ZIP code is too long' })
  deliveryZip?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(60, { message: 'Country is too long' })
  deliveryCountry?: string;

  @IsOptional()
  @IsBoolean({ message: 'sameAsDelivery must be true or false' })
  sameAsDelivery?: boolean;
}

/** What a signed-in buyer must send: the address part; contact fields are optional and default to the account's. */
export class ShippingInfoDto extends AddressInfoDto {
  /** Contact fields: required for guests only (GuestInfoDto); a signed-in buyer may send them to override the account's. */
  @Transform(trim)
  @IsOptional()
  @IsEmail({}, { message: MESSAGES.invalidEmail })
  @MaxLength(LIMITS.emailMax, { message: MESSAGES.invalidEmail })
  email?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.nameMax, { message: 'First name is too long' })
  firstName?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.nameMax, { message: 'Last name is too long' })
  lastName?: string;
}

/** The whole checkout form of a guest: the address part plus email, first and last name (spec section 5). */
export class GuestInfoDto extends AddressInfoDto {
  @Transform(trim)
  @IsNotEmpty({ message: MESSAGES.emailRequired })
  @IsEmail({}, { message: MESSAGES.invalidEmail })
  @MaxLength(LIMITS.emailMax, { message: MESSAGES.invalidEmail })
  email!: string;

  @Transform(trim)
  @IsNotEmpty({ message: MESSAGES.firstNameRequired })
  @IsString({ message: MESSAGES.firstNameRequired })
  @MaxLength(LIMITS.nameMax, { message: 'First name is too long' })
  firstName!: string;

  @Transform(trim)
  @IsNotEmpty({ message: MESSAGES.lastNameRequired })
  @IsString({ message: MESSAGES.lastNameRequired })
  @MaxLength(LIMITS.nameMax, { message: 'Last name is too long' })
  lastName!: string;
}

/**
 * `POST /api/create-payment-intent` body. `amount` is what the checkout page shows (number or decimal string);
 * the server recomputes it from the current price and answers 409 when they differ. `guestInfo` is checked
 * against GuestInfoDto for guests and ShippingInfoDto for signed-in buyers by the payments service.
 */
export class CreatePaymentIntentDto {
  /** One item; a bundle sends `productIds` instead (exactly one of the two). */
  @ValidateIf((body: CreatePaymentIntentDto) => body.productIds === undefined)
  @IsUUID('all', { message: 'productId must be a product id' })
  productId?: string;

  /** A bundle: several distinct items of one seller, paid at once (the seller's bundle discount applies). */
  @IsOptional()
  @ValidateBy(
    {
      name: 'notWithProductId',
      validator: { validate: (_, args) => (args?.object as CreatePaymentIntentDto).productId === undefined },
    },
    { message: BUNDLE_MESSAGES.productOrProducts },
  )
  @IsArray({ message: BUNDLE_MESSAGES.productIds })
  @ArrayMinSize(BUNDLE_MIN_ITEMS, { message: BUNDLE_MESSAGES.productIds })
  @ArrayMaxSize(BUNDLE_MAX_ITEMS, { message: BUNDLE_MESSAGES.productIds })
  @ArrayUnique({ message: BUNDLE_MESSAGES.productIds })
  @IsUUID('all', { each: true, message: 'productIds must be product ids' })
  productIds?: string[];

  @Transform(toText)
  @IsNotEmpty({ message: 'Amount is required' })
  @IsString({ message: 'Amount must be a number' })
  @Matches(/^\d{1,10}(\.\d{1,2})?$/, { message: 'Amount must be a positive amount with at most two decimals' })
  amount!: string | number;

  @IsOptional()
  @ValidateNested()
  @Type(() => ShippingInfoDto)
  guestInfo?: ShippingInfoDto;

  /** A guest's resumption of their own checkout: the token answered when it started (kept by that browser only). */
  @IsOptional()
  @IsString({ message: 'checkoutToken must be a string' })
  @MaxLength(100, { message: 'checkoutToken is too long' })
  checkoutToken?: string;

  /** Signed-in buyers: ship to this address of their address book (it replaces `guestInfo`'s address part). */
  @IsOptional()
  @IsUUID('all', { message: 'addressId must be an address id' })
  addressId?: string;

  /** Signed-in buyers: keep the new address of `guestInfo` in their address book (ignored with `addressId`). */
  @IsOptional()
  @IsBoolean({ message: 'saveAddress must be true or false' })
  saveAddress?: boolean;

  /** Signed-in buyers: pay the amount of this accepted offer of theirs (the server reads it; `amount` must match). */
  @IsOptional()
  @IsUUID('all', { message: 'offerId must be an offer id' })
  offerId?: string;
}

const CARD_REQUIRED = 'Card details are required';

/** The card fields of the test-mode card form; incomplete values are answered with the spec's messages, not 400. */
export class TestCardDto {
  @Transform(toText) @IsOptional() @IsString() @MaxLength(40) number?: string;
  @Transform(toText) @IsOptional() @IsString() @MaxLength(4) expMonth?: string;
  @Transform(toText) @IsOptional() @IsString() @MaxLength(4) expYear?: string;
  @Transform(toText) @IsOptional() @IsString() @MaxLength(8) cvc?: string;
  @Transform(toText) @IsOptional() @IsString() @MaxLength(20) postalCode?: string;
  /** The billing country, whose postal codes `postalCode` must look like; absent: the United States. */
  @Transform(toText) @IsOptional() @IsString() @MaxLength(60) country?: string;
}

/**
 * `POST /api/payments/test-confirm` body (only while the test-mode provider is active). Like Stripe.js, it confirms
 * by the intent's client secret, which only the browser that started the checkout holds.
 */
export class ConfirmTestPaymentDto {
  @IsString({ message: 'clientSecret is required' })
  @IsNotEmpty({ message: 'clientSecret is required' })
  @MaxLength(200)
  clientSecret!: string;
  /** Required: the card form always sends it (its fields may be incomplete: those get the spec's messages). */
  @IsObject({ message: CARD_REQUIRED })
  @ValidateNested({ message: CARD_REQUIRED })
  @Type(() => TestCardDto)
  card!: TestCardDto;
}

/**
 * `POST /api/payments/reconcile` body: the success page asks for the intent's real state. A guest proves the
 * payment is theirs with its client secret; a signed-in buyer's session is enough for their own orders.
 */
export class ReconcilePaymentDto {
  @IsString() @IsNotEmpty() @MaxLength(100) paymentIntentId!: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) clientSecret?: string;
}

export type PaymentProviderName = 'stripe' | 'test';
/** Answer of `POST /api/create-payment-intent`: what the card form needs. `amount` is the price as a decimal string. */
export interface PaymentIntentDto {
  clientSecret: string;
  paymentIntentId: string;
  amount: string;
  currency: string;
  provider: PaymentProviderName;
  /** Present with Stripe: the key Stripe Elements needs. */
  publishableKey?: string;
  /** Guests only: send it back to resume this checkout from the same browser (nobody else can). */
  checkoutToken?: string;
}

/** Answer of the test-mode confirm step, as Stripe's confirmCardPayment reports it. */
export interface TestPaymentOutcomeDto {
  status: 'succeeded' | 'requires_action' | 'failed';
  message?: string;
}

/** Answer of reconcile: the order's status after applying the provider's state. */
export interface PaymentStatusDto {
  status: OrderStatus;
  productId: string;
  message?: string;
  /** The order's id once paid, for the success page's "View your order" link (members; guests use their token). */
  orderId?: string;
  /** What the card was charged once paid (an accepted offer's or a bundle's amount, not the list price): "16.00". */
  amount?: string;
}

export interface AddressDto {
  street: string;
  city: string;
  state: string | null;
  zip: string;
  country: string;
}

/** One item of an order: a single checkout has one, a bundle several (`price` as it was at checkout). */
export interface OrderItemDto {
  id: string;
  title: string;
  image: string | null;
  price: string;
  refunded: boolean;
}

/**
 * What every order answer carries about its items: `product` is the first item (so single-item screens keep
 * working), `items` all of them (always present), `discount` when a bundle discount applied, `refundedAmount` when
 * part of the order was refunded.
 */
export interface OrderItemsPart {
  items: OrderItemDto[];
  discount?: string;
  refundedAmount?: string;
}

/** One order in `GET /api/orders`. `buyer` is present on sales only (the seller ships to it). */
export interface OrderDto extends OrderItemsPart {
  id: string;
  product: { id: string; title: string; image: string | null };
  amount: string;
  currency: string;
  status: OrderStatus;
  createdAt: string;
  buyer?: { firstName: string; lastName: string; deliveryAddress: AddressDto };
}

/** Answer of `GET /api/orders`: the caller's purchases and sales, newest first. */
export interface OrdersDto {
  purchases: OrderDto[];
  sales: OrderDto[];
}
