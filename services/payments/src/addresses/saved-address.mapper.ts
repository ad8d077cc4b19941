import type { SavedAddressDto } from '@souvenir/contracts';
import type { SavedAddressEntity } from './saved-address.entity';

/** The one mapper of SavedAddressDto. */
export function toSavedAddressDto(address: SavedAddressEntity): SavedAddressDto {
  return {
    id: address.id,
    firstName: address.firstName,
    lastName: address.lastName,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone,
    isDefault: address.isDefault,
    lastUsedAt: address.lastUsedAt?.toISOString() ?? null,
    createdAt: address.createdAt.toISOString(),
  };
}
