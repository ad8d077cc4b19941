import type { BuyerProtectionDto } from '@souvenir/contracts';
import type { PaymentsConfig } from '../config/payments.config';

/** The deadlines this payments runs with, for the pages that promise them. */
export function buyerProtectionOf(config: PaymentsConfig): BuyerProtectionDto {
  return {
    shipWithinDays: config.SHIP_WITHIN_DAYS,
    deliveryWindowDays: config.DELIVERY_WINDOW_DAYS,
    claimWindowDays: config.CLAIM_WINDOW_DAYS,
    claimResponseHours: config.CLAIM_RESPONSE_HOURS,
    cancelRequestHours: config.CANCEL_REQUEST_HOURS,
    returnShipDays: config.RETURN_SHIP_DAYS,
    returnArrivalDays: config.RETURN_ARRIVAL_DAYS,
  };
}
