import { Module } from '@nestjs/common';
import { BundleDiscountController } from './bundle-discount.controller';
import { BundleDiscounts } from './bundle-discounts';
import { OrderCounts } from './order-counts';
import { OrderCountsController } from './order-counts.controller';
import { SellerRecords } from './seller-records';
import { TrackRecordController } from './track-record.controller';

@Module({
  controllers: [TrackRecordController, OrderCountsController, BundleDiscountController],
  providers: [SellerRecords, OrderCounts, BundleDiscounts],
  exports: [SellerRecords, BundleDiscounts],
})
export class SellersModule {}
