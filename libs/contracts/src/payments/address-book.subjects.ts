import { rpc, type Done } from '../rpc/contract';
import {
  CreateAddressRequest,
  DeleteAddressRequest,
  ListAddressesRequest,
  UpdateAddressRequest,
  type SavedAddressDto,
} from './address-book.dto';

/** The buyer's address book, kept by payments beside the checkout that uses it (spread into PAYMENTS_RPC). */
export const ADDRESS_BOOK_RPC = {
  listAddresses: rpc('payments.address.list', ListAddressesRequest).returns<SavedAddressDto[]>(),
  createAddress: rpc('payments.address.create', CreateAddressRequest).returns<SavedAddressDto>(),
  updateAddress: rpc('payments.address.update', UpdateAddressRequest).returns<SavedAddressDto>(),
  deleteAddress: rpc('payments.address.delete', DeleteAddressRequest).returns<Done>(),
} as const;
