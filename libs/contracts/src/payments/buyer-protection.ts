/**
 * The order deadlines payments runs with, as the web app states them (How It Works, the terms, the checkout's
 * success page, the return step). Fractions of a day appear only in tests that run deadlines in seconds.
 */
export interface BuyerProtectionDto {
  shipWithinDays: number;
  deliveryWindowDays: number;
  claimWindowDays: number;
  /** The seller's time to answer a claim before support decides. */
  claimResponseHours: number;
  cancelRequestHours: number;
  /** After the seller accepts a return: the buyer's time to send it, then the seller's to confirm it arrived. */
  returnShipDays: number;
  returnArrivalDays: number;
}

/** `payments.protection.get`: asks for nothing. */
export class GetBuyerProtectionRequest {}
