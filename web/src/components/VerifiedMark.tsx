import Tooltip from '@mui/material/Tooltip';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';

/** What the Verified badge means: earned, never granted by hand. */
export const VERIFIED_MEANING =
  'Verified seller: the payment provider has checked their identity for payouts, and they have completed at least one sale without a refunded claim.';

/** The seller's Verified mark, with its meaning on hover and for screen readers. */
export function VerifiedMark({ size = 20 }: { size?: number }) {
  return (
    <Tooltip title={VERIFIED_MEANING}>
      <VerifiedRounded sx={{ color: 'secondary.main', fontSize: size }} titleAccess={VERIFIED_MEANING} />
    </Tooltip>
  );
}
