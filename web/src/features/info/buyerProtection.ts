/**
 * The buyer-protection rules as the web app states them: the payments service's defaults (SHIP_WITHIN_DAYS,
 * DELIVERY_WINDOW_DAYS, CLAIM_WINDOW_DAYS, the seller's 72 h to answer a claim). The deadlines each order shows
 * come from the server itself; these are the promises on How It Works.
 */
export const PROTECTION = {
  shipWithinDays: 5,
  deliveryWindowDays: 14,
  claimWindowDays: 3,
  sellerAnswerHours: 72,
} as const;

export const PROTECTION_RULES = [
  {
    title: `Shipped within ${PROTECTION.shipWithinDays} days, or refunded`,
    text: `The seller ships within ${PROTECTION.shipWithinDays} days with a carrier and tracking number. If not, the order is cancelled and you get your money back in full, automatically.`,
  },
  {
    title: `${PROTECTION.deliveryWindowDays} days to arrive`,
    text: `The parcel is marked delivered when it arrives, or automatically ${PROTECTION.deliveryWindowDays} days after shipping.`,
  },
  {
    title: `${PROTECTION.claimWindowDays} days to check it`,
    text: `Once delivered, you have ${PROTECTION.claimWindowDays} days to press "Everything is OK" or report a problem (not received, not as described, damaged, counterfeit) with photos. Until then the seller is not paid.`,
  },
  {
    title: `${PROTECTION.sellerAnswerHours} hours for the seller, then support decides`,
    text: `A claim freezes the payment. The seller has ${PROTECTION.sellerAnswerHours} hours to refund you or give their side; after that our support team reads both sides and decides: refund or release, with a written reason.`,
  },
];
