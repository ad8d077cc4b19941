import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { GuestOrdersToAccount } from './guest-orders-to-account';
import { OrderMailFactsController } from './order-mail-facts.controller';
import { OrderMailFactsService } from './order-mail-facts.service';

@Module({
  imports: [OrdersModule],
  controllers: [OrderMailFactsController],
  providers: [OrderMailFactsService, GuestOrdersToAccount],
})
export class GuestLinksModule {}
