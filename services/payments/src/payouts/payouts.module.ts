import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { LedgerModule } from '../ledger/ledger.module';
import { ProvidersModule } from '../providers/providers.module';
import { SellersModule } from '../sellers/sellers.module';
import { PayoutAccountsRepository } from './payout-accounts.repository';
import { PayoutAccountsService } from './payout-accounts.service';
import { PayoutsController } from './payouts.controller';
import { PayoutsRepository } from './payouts.repository';
import { PayoutsService } from './payouts.service';

/** Payout accounts and payouts; their transfer jobs are `PayoutTransfersModule`'s, which reads orders. */
@Module({
  imports: [JobsModule, LedgerModule, ProvidersModule, SellersModule],
  controllers: [PayoutsController],
  providers: [PayoutsService, PayoutsRepository, PayoutAccountsRepository, PayoutAccountsService],
  exports: [PayoutsService, PayoutsRepository, PayoutAccountsRepository, PayoutAccountsService],
})
export class PayoutsModule {}
