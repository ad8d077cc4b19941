import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useGetBuyerProtectionQuery } from '../../api/paymentsApi';
import { periodText, type Period } from './periodText';

/*
 * The buyer-protection promises, in the numbers the payments service runs with (GET /api/buyer-protection): the
 * pages never keep a copy of a deadline that could drift from the one orders actually get.
 */

/** A period of buyer protection inside a sentence; a short placeholder until the numbers have arrived. */
export function ProtectionPeriod({ of }: { of: Period }) {
  const { data } = useGetBuyerProtectionQuery();
  if (!data) return <Skeleton component="span" variant="text" width="4em" sx={{ display: 'inline-block' }} />;
  return <>{periodText(of, data[of])}</>;
}

export const PROTECTION_RULES: Array<{ id: string; title: ReactNode; text: ReactNode }> = [
  {
    id: 'ship',
    title: (
      <>
        Shipped within <ProtectionPeriod of="shipWithinDays" />, or refunded
      </>
    ),
    text: (
      <>
        The seller ships within <ProtectionPeriod of="shipWithinDays" /> with a carrier and tracking number. If not, the
        order is cancelled and you get your money back in full, automatically.
      </>
    ),
  },
  {
    id: 'arrive',
    title: (
      <>
        <ProtectionPeriod of="deliveryWindowDays" /> to arrive
      </>
    ),
    text: (
      <>
        The parcel is marked delivered when it arrives, or automatically <ProtectionPeriod of="deliveryWindowDays" />{' '}
        after shipping.
      </>
    ),
  },
  {
    id: 'check',
    title: (
      <>
        <ProtectionPeriod of="claimWindowDays" /> to check it
      </>
    ),
    text: (
      <>
        Once delivered, you have <ProtectionPeriod of="claimWindowDays" /> to press &quot;Everything is OK&quot; or
        report a problem (not received, not as described, damaged, counterfeit) with photos. Until then the seller is
        not paid.
      </>
    ),
  },
  {
    id: 'support',
    title: (
      <>
        <ProtectionPeriod of="claimResponseHours" /> for the seller, then support decides
      </>
    ),
    text: (
      <>
        A claim freezes the payment. The seller has <ProtectionPeriod of="claimResponseHours" /> to refund you or give
        their side; after that our support team reads both sides and decides: refund or release, with a written reason.
      </>
    ),
  },
];
