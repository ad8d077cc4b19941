import { Controller } from '@nestjs/common';
import { RPC, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { SellerRecords } from './seller-records';

/** A seller's public track record, for the profile. */
@Controller()
export class TrackRecordController {
  constructor(private readonly records: SellerRecords) {}

  @RpcHandler(RPC.payments.getTrackRecord)
  getTrackRecord(request: RpcRequest<typeof RPC.payments.getTrackRecord>) {
    return this.records.trackRecord(request);
  }
}
