import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { LedgerModule } from '../ledger/ledger.module';
import { OrdersModule } from '../orders/orders.module';
import { ProvidersModule } from '../providers/providers.module';
import { OrderRefunds } from './order-refunds';

@Module({
  imports: [JobsModule, LedgerModule, OrdersModule, ProvidersModule],
  providers: [OrderRefunds],
})
export class RefundsModule {}
