import { Module } from '@nestjs/common';
import { Ledger } from './ledger';
import { SellerLedger } from './seller-ledger';
import { SellerLedgerService } from './seller-ledger.service';

@Module({ providers: [Ledger, SellerLedger, SellerLedgerService], exports: [Ledger, SellerLedgerService] })
export class LedgerModule {}
