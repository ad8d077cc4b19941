import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  DEFAULT_COUNTRY,
  ErrorCode,
  normalizedCountry,
  SavedAddressInput,
  toFieldErrors,
  type CreateAddressRequest,
  type DeleteAddressRequest,
  type Done,
  type ListAddressesRequest,
  type SavedAddressDto,
  type ShippingInfoDto,
  type UpdateAddressRequest,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { toSavedAddressDto } from './saved-address.mapper';
import type { SavedAddressEntity } from './saved-address.entity';
import { SavedAddressesRepository, type AddressFields } from './saved-addresses.repository';

/** Where a checkout's new address came from, to name the form's field when it cannot be saved. */
const CHECKOUT_FIELDS: Record<string, string> = {
  line1: 'Street',
  city: 'City',
  region: 'State',
  postcode: 'Zip',
  country: 'Country',
};

/**
 * The buyer's address book (payments keeps it beside the checkout that uses it): at most ADDRESS_BOOK_MAX addresses,
 * one default, and the last used marked when a checkout that shipped to it is paid. Only its owner reads or writes
 * an address; anybody else's id answers as an unknown one.
 */
@Injectable()
export class AddressBookService {
  constructor(private readonly addresses: SavedAddressesRepository) {}

  async list({ actorId }: ListAddressesRequest): Promise<SavedAddressDto[]> {
    return (await this.addresses.listOf(actorId)).map(toSavedAddressDto);
  }

  /** A new address; the first one of a book is its default. Past the limit: CONFLICT with a sentence. */
  create(request: CreateAddressRequest): Promise<SavedAddressDto> {
    return this.addresses.transaction(async (addresses) => {
      await addresses.lockBook(request.actorId);
      const count = await addresses.countOf(request.actorId);
      if (count >= ADDRESS_BOOK_MAX) throw DomainError.conflict(ADDRESS_BOOK_MESSAGES.full);
      const makeDefault = count === 0 || request.isDefault === true;
      if (makeDefault) await addresses.clearDefault(request.actorId);
      const saved = await addresses.save(
        addresses.create({ userId: request.actorId, ...fieldsOf(request), isDefault: makeDefault, lastUsedAt: null }),
      );
      return toSavedAddressDto(saved);
    });
  }

  /** The whole address again. `isDefault: true` moves the default here; the default cannot be unset, only moved. */
  update(request: UpdateAddressRequest): Promise<SavedAddressDto> {
    return this.addresses.transaction(async (addresses) => {
      await addresses.lockBook(request.actorId);
      const address = await this.owned(addresses, request.actorId, request.addressId);
      if (request.isDefault === true && !address.isDefault) {
        await addresses.clearDefault(request.actorId);
        address.isDefault = true;
      }
      Object.assign(address, fieldsOf(request));
      return toSavedAddressDto(await addresses.save(address));
    });
  }

  /** Deletes it; orders that shipped there keep their own copy of the address. A deleted default passes on. */
  delete(request: DeleteAddressRequest): Promise<Done> {
    return this.addresses.transaction(async (addresses) => {
      await addresses.lockBook(request.actorId);
      const address = await this.owned(addresses, request.actorId, request.addressId);
      await addresses.remove(address);
      if (address.isDefault) await addresses.promoteNextDefault(request.actorId);
      return { ok: true as const };
    });
  }

  /**
   * The checkout's shipping part for one of the buyer's saved addresses: delivered there and billed there (the card
   * form takes its postcode and country from it). NOT_FOUND when it is not the buyer's.
   */
  async shippingInfoOf(actorId: string, addressId: string): Promise<ShippingInfoDto> {
    const address = await this.owned(this.addresses, actorId, addressId);
    return {
      firstName: address.firstName,
      lastName: address.lastName,
      ...(address.phone ? { phone: address.phone } : {}),
      billingStreet: address.line2 ? `${address.line1}, ${address.line2}` : address.line1,
      billingCity: address.city,
      ...(address.region ? { billingState: address.region } : {}),
      billingZip: address.postcode,
      billingCountry: address.country,
      sameAsDelivery: true,
    };
  }

  /**
   * "Save this address" at checkout: the delivery address the buyer typed joins their book (the same address again
   * is not added twice), checked by the book's own rules, per-country postcode included. A full book does not stop
   * the payment: the address is then simply not kept. Answers the saved address's id, or null.
   */
  async saveFromCheckout(
    actorId: string,
    info: ShippingInfoDto,
    names: { firstName: string; lastName: string },
  ): Promise<string | null> {
    const prefix = info.sameAsDelivery ? 'billing' : 'delivery';
    const input = plainToInstance(SavedAddressInput, {
      firstName: names.firstName,
      lastName: names.lastName,
      line1: info.sameAsDelivery ? info.billingStreet : info.deliveryStreet,
      city: info.sameAsDelivery ? info.billingCity : info.deliveryCity,
      region: (info.sameAsDelivery ? info.billingState : info.deliveryState) || undefined,
      postcode: info.sameAsDelivery ? info.billingZip : info.deliveryZip,
      country: (info.sameAsDelivery ? info.billingCountry : info.deliveryCountry) || DEFAULT_COUNTRY,
      phone: info.phone || undefined,
    });
    const errors = toFieldErrors(await validate(input, { forbidUnknownValues: false }));
    if (errors.length) {
      const fieldErrors = errors.map((error) => ({
        field: CHECKOUT_FIELDS[error.field] ? `guestInfo.${prefix}${CHECKOUT_FIELDS[error.field]}` : 'guestInfo',
        message: error.message,
      }));
      throw new DomainError(ErrorCode.ValidationFailed, fieldErrors[0].message, fieldErrors);
    }
    return this.addresses.transaction(async (addresses) => {
      await addresses.lockBook(actorId);
      const fields = fieldsOf(input);
      const same = await addresses.findSame(actorId, fields);
      if (same) return same.id;
      const count = await addresses.countOf(actorId);
      if (count >= ADDRESS_BOOK_MAX) return null;
      const saved = await addresses.save(
        addresses.create({ userId: actorId, ...fields, isDefault: count === 0, lastUsedAt: null }),
      );
      return saved.id;
    });
  }

  /** In the transaction that records the payment: the address the order shipped to becomes the last used. */
  async markUsed(manager: EntityManager, userId: string, addressId: string, at: Date): Promise<void> {
    await this.addresses.withManager(manager).markUsed(userId, addressId, at);
  }

  private async owned(addresses: SavedAddressesRepository, userId: string, id: string): Promise<SavedAddressEntity> {
    const address = await addresses.findOwned(userId, id);
    if (!address) throw new DomainError(ErrorCode.NotFound, ADDRESS_BOOK_MESSAGES.notFound);
    return address;
  }
}

/** The stored form of a validated address: empty optional fields as null, the country in the catalog's spelling. */
function fieldsOf(input: SavedAddressInput): AddressFields {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    line1: input.line1,
    line2: input.line2 || null,
    city: input.city,
    region: input.region || null,
    postcode: input.postcode,
    country: normalizedCountry(input.country),
    phone: input.phone || null,
  };
}
