import type { SavedAddressDto, SavedAddressInput } from '@souvenir/contracts';

/** The address as one would write it on a parcel, line by line (the name first). */
export function addressLines(address: SavedAddressDto): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    [address.city, address.region, address.postcode].filter(Boolean).join(', '),
    address.country,
    ...(address.phone ? [address.phone] : []),
  ];
}

/** The address as the API takes it back (a PUT sends the whole address), empty optional fields left out. */
export function inputOf(address: SavedAddressDto): SavedAddressInput {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    line1: address.line1,
    ...(address.line2 ? { line2: address.line2 } : {}),
    city: address.city,
    ...(address.region ? { region: address.region } : {}),
    postcode: address.postcode,
    country: address.country,
    ...(address.phone ? { phone: address.phone } : {}),
  };
}
