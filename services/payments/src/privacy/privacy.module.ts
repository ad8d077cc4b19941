import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { OffersModule } from '../offers/offers.module';
import { AccountErasure, AccountErasureController } from './erase-account';
import { ExportUserDataController } from './export-user-data.controller';

@Module({
  imports: [LedgerModule, OffersModule],
  controllers: [AccountErasureController, ExportUserDataController],
  providers: [AccountErasure],
})
export class PrivacyModule {}
