import { Module } from '@nestjs/common';
import { SellerRecords } from './seller-records';
import { TrackRecordController } from './track-record.controller';

@Module({ controllers: [TrackRecordController], providers: [SellerRecords], exports: [SellerRecords] })
export class SellersModule {}
