import { Module } from '@nestjs/common';
import { AddressBookController } from './address-book.controller';
import { AddressBookService } from './address-book.service';
import { SavedAddressesRepository } from './saved-addresses.repository';

@Module({
  controllers: [AddressBookController],
  providers: [AddressBookService, SavedAddressesRepository],
  exports: [AddressBookService],
})
export class AddressesModule {}
