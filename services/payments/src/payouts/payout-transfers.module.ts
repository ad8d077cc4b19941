import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { LedgerModule } from '../ledger/ledger.module';
import { ProvidersModule } from '../providers/providers.module';
import { PayoutTransfers } from './payout-transfers';
import { PayoutsModule } from './payouts.module';

/**
 * The payout jobs, which read the order they pay for through `OrderFunds`. orders/ provides that and imports
 * `PayoutsModule`, so this module cannot import orders/ (a cycle, of folders and of modules): the app passes it the
 * module that exports `OrderFunds`.
 */
@Module({})
export class PayoutTransfersModule {
  static withOrderFunds(orderFunds: Type): DynamicModule {
    return {
      module: PayoutTransfersModule,
      imports: [orderFunds, JobsModule, LedgerModule, PayoutsModule, ProvidersModule],
      providers: [PayoutTransfers],
    };
  }
}
