import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { AddressBookService } from './address-book.service';

/** The address book's request/reply subjects; each handler only delegates. */
@Controller()
export class AddressBookController {
  constructor(private readonly book: AddressBookService) {}

  @RpcHandler(RPC.payments.listAddresses)
  list(request: RpcRequest<typeof RPC.payments.listAddresses>) {
    return this.book.list(request);
  }

  @RpcHandler(RPC.payments.createAddress)
  create(request: RpcRequest<typeof RPC.payments.createAddress>) {
    return this.book.create(request);
  }

  @RpcHandler(RPC.payments.updateAddress)
  update(request: RpcRequest<typeof RPC.payments.updateAddress>) {
    return this.book.update(request);
  }

  @RpcHandler(RPC.payments.deleteAddress)
  delete(request: RpcRequest<typeof RPC.payments.deleteAddress>) {
    return this.book.delete(request);
  }
}
