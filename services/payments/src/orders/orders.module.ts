import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { LedgerModule } from '../ledger/ledger.module';
import { OrderFunds } from '../payouts/order-funds';
import { PayoutsModule } from '../payouts/payouts.module';
import { ProvidersModule } from '../providers/providers.module';
import { SellersModule } from '../sellers/sellers.module';
import { CardDisputes } from './card-disputes';
import { ClaimsRepository } from './claims.repository';
import { ClaimsService } from './claims.service';
import { MoneySweep } from './money-sweep';
import { OrderAccess } from './order-access';
import { OrderDeadlines } from './order-deadlines';
import { OrderHistoryRepository } from './order-history.repository';
import { OrderJobs } from './order-jobs';
import { OrderJournal } from './order-journal';
import { OrderLifecycleService } from './order-lifecycle.service';
import { OrderLinksRepository } from './order-links.repository';
import { OrderSteps } from './order-steps';
import { OrdersAsFunds } from './orders-as-funds';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrderItemsRepository } from './order-items.repository';
import { PaymentCapture } from './payment-capture';

/** An order's life after the payment, its claims and card disputes; `OrderFunds` for payouts' jobs. */
@Module({
  imports: [JobsModule, LedgerModule, PayoutsModule, ProvidersModule, SellersModule],
  controllers: [OrdersController],
  providers: [
    OrdersRepository,
    OrderItemsRepository,
    ClaimsRepository,
    OrderHistoryRepository,
    OrderLinksRepository,
    OrderJobs,
    OrderJournal,
    OrderAccess,
    OrderSteps,
    OrderLifecycleService,
    ClaimsService,
    OrderDeadlines,
    CardDisputes,
    PaymentCapture,
    MoneySweep,
    { provide: OrderFunds, useClass: OrdersAsFunds },
  ],
  exports: [
    OrdersRepository,
    OrderItemsRepository,
    OrderLinksRepository,
    OrderJobs,
    OrderJournal,
    OrderAccess,
    PaymentCapture,
    CardDisputes,
    OrderFunds,
  ],
})
export class OrdersModule {}
