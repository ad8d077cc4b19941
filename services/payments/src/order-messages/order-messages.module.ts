import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { OrderMessagesController } from './order-messages.controller';
import { OrderMessagesRepository } from './order-messages.repository';
import { OrderMessagesService } from './order-messages.service';

@Module({
  imports: [OrdersModule],
  controllers: [OrderMessagesController],
  providers: [OrderMessagesRepository, OrderMessagesService],
})
export class OrderMessagesModule {}
