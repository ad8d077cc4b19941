import { Module } from '@nestjs/common';
import { OrderCounts } from './order-counts';
import { OrderCountsController } from './order-counts.controller';
import { SellerRecords } from './seller-records';
import { TrackRecordController } from './track-record.controller';

@Module({
  controllers: [TrackRecordController, OrderCountsController],
  providers: [SellerRecords, OrderCounts],
  exports: [SellerRecords],
})
export class SellersModule {}
