import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateBy,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { countryOfLocation } from '../catalog/country-of-location';
import { IsPlainText, NormalizedText } from '../validation/is-plain-text';
import { LIMITS, MESSAGES } from '../validation/messages';
import { addressPostalCodeMessage, isPostalCodeOf } from './postal-codes';

/** How many addresses one person may keep: a real address book, never a dumping ground for scripted writes. */
export const ADDRESS_BOOK_MAX = 20;

export const ADDRESS_BOOK_MESSAGES = {
  full: `Your address book is full: it holds at most ${ADDRESS_BOOK_MAX} addresses. Delete one you no longer use first.`,
  notFound: 'Address not found',
  line1Required: 'Address line 1 is required',
  notPlain: 'Remove the invisible or control characters from this field',
  phone: 'Enter a phone number with digits, spaces and + ( ) - only',
} as const;

/** Field lengths, the same as the checkout form's (AddressInfoDto) so a saved address always fits an order. */
export const ADDRESS_LIMITS = { line: 200, city: 100, region: 100, postcode: 20, country: 60, phone: 30 } as const;

/** The country a field names, in the catalog's spelling ("USA" → "United States"), else the text as typed. */
export const normalizedCountry = (country: string): string => countryOfLocation(country) ?? country.trim();

/**
 * The postcode must look like one of the address's own country (the card form's table, `postal-codes.ts`); the
 * message names the country's format. A country without a rule there is only checked loosely.
 */
function IsPostcodeOfCountry(options?: ValidationOptions): PropertyDecorator {
  // The country field may hold anything a client sent (its own rules say so): only a string names a country.
  const countryOf = (args?: ValidationArguments) => {
    const country = (args?.object as { country?: unknown } | undefined)?.country;
    return typeof country === 'string' ? country : '';
  };
  return ValidateBy(
    {
      name: 'isPostcodeOfCountry',
      validator: {
        validate: (value, args) => typeof value === 'string' && isPostalCodeOf(countryOf(args), value),
        defaultMessage: (args) => addressPostalCodeMessage(countryOf(args)),
      },
    },
    options,
  );
}

const trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * A shipping address of the buyer's address book, as `POST /api/me/addresses` and `PUT /api/me/addresses/{id}`
 * take it. Every text is trimmed, NFC-normalised and refused with a control, format or bidi character in it.
 */
export class SavedAddressInput {
  @NormalizedText()
  @IsNotEmpty({ message: MESSAGES.firstNameRequired })
  @IsString({ message: MESSAGES.firstNameRequired })
  @MaxLength(LIMITS.nameMax, { message: 'First name is too long' })
  @IsPlainText({ message: ADDRESS_BOOK_MESSAGES.notPlain })
  firstName!: string;

  @NormalizedText()
  @IsNotEmpty({ message: MESSAGES.lastNameRequired })
  @IsString({ message: MESSAGES.lastNameRequired })
  @MaxLength(LIMITS.nameMax, { message: 'Last name is too long' })
  @IsPlainText({ message: ADDRESS_BOOK_MESSAGES.notPlain })
  lastName!: string;

  @NormalizedText()
  @IsNotEmpty({ message: ADDRESS_BOOK_MESSAGES.line1Required })
  @IsString({ message: ADDRESS_BOOK_MESSAGES.line1Required })
  @MaxLength(ADDRESS_LIMITS.line, { message: 'Address line 1 is too long' })
  @IsPlainText({ message: ADDRESS_BOOK_MESSAGES.notPlain })
  line1!: string;

  @NormalizedText()
  @IsOptional()
  @IsString()
  @MaxLength(ADDRESS_LIMITS.line, { message: 'Address line 2 is too long' })
  @IsPlainText({ message: ADDRESS_BOOK_MESSAGES.notPlain })
  line2?: string;

  @NormalizedText()
  @IsNotEmpty({ message: MESSAGES.cityRequired })
  @IsString({ message: MESSAGES.cityRequired })
  @MaxLength(ADDRESS_LIMITS.city, { message: 'City is too long' })
  @IsPlainText({ message: ADDRESS_BOOK_MESSAGES.notPlain })
  city!: string;

  @NormalizedText()
  @IsOptional()
  @IsString()
  @MaxLength(ADDRESS_LIMITS.region, { message: 'State or region is too long' })
  @IsPlainText({ message: ADDRESS_BOOK_MESSAGES.notPlain })
  region?: string;

  @NormalizedText()
  @IsNotEmpty({ message: 'Postcode is required' })
  @IsString({ message: 'Postcode is required' })
  @MaxLength(ADDRESS_LIMITS.postcode, { message: 'Postcode is too long' })
  @IsPostcodeOfCountry()
  postcode!: string;

  @NormalizedText()
  @IsNotEmpty({ message: MESSAGES.countryRequired })
  @IsString({ message: MESSAGES.countryRequired })
  @MaxLength(ADDRESS_LIMITS.country, { message: 'Country is too long' })
  @IsPlainText({ message: ADDRESS_BOOK_MESSAGES.notPlain })
  country!: string;

  @trimmed()
  @IsOptional()
  @IsString()
  @MaxLength(ADDRESS_LIMITS.phone, { message: 'Phone number is too long' })
  // Empty is no phone: the form sends its fields as typed.
  @Matches(/^([+\d][\d ()+-]*)?$/, { message: ADDRESS_BOOK_MESSAGES.phone })
  phone?: string;

  /** Make this the default address (the checkout's choice when none was used yet). */
  @IsOptional()
  @IsBoolean({ message: 'isDefault must be true or false' })
  isDefault?: boolean;
}

/** One address of the caller's address book. */
export interface SavedAddressDto {
  id: string;
  firstName: string;
  lastName: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postcode: string;
  country: string;
  phone: string | null;
  isDefault: boolean;
  /** When a paid checkout last shipped to it; null if never. */
  lastUsedAt: string | null;
  createdAt: string;
}

/** `payments.address.list`: the caller's addresses, the last used first, then the default, then newest. */
export class ListAddressesRequest {
  @IsUUID('all') actorId!: string;
}

/** `payments.address.create`. */
export class CreateAddressRequest extends SavedAddressInput {
  @IsUUID('all') actorId!: string;
}

/** `payments.address.update`: the whole address again (PUT); only its owner may. */
export class UpdateAddressRequest extends SavedAddressInput {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') addressId!: string;
}

/** `payments.address.delete`: only its owner may; deleting the default makes the next one the default. */
export class DeleteAddressRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') addressId!: string;
}
