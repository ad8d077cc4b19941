import Alert from '@mui/material/Alert';
import type { ClaimDto } from '@souvenir/contracts';
import { dateTime } from '../orderText';

/**
 * A return support asked for, as each party reads it: what happens to the money at this step, and the return's
 * carrier and tracking number once the buyer has sent it.
 */
export function ClaimReturn({ claim }: { claim: ClaimDto }) {
  const sent = claim.return;
  if (claim.status === 'returning' && !sent)
    return (
      <Alert severity="warning">
        <strong>Return needed before the refund.</strong> The buyer sends the item back with tracking; the payment stays
        frozen. Once the seller confirms it is back, the buyer gets the full price back and the seller nothing.
      </Alert>
    );
  if (!sent) return null;
  return (
    <Alert severity={sent.arrivedAt ? 'success' : 'info'}>
      <strong>{sent.arrivedAt ? 'Item back with the seller' : 'Item on its way back'}</strong>
      {` · sent with ${sent.carrier}, tracking ${sent.trackingNumber}, on ${dateTime(sent.shippedAt)}`}
      {sent.arrivedAt
        ? `; arrived ${dateTime(sent.arrivedAt)}. The buyer is refunded in full.`
        : '. The payment stays frozen until the seller confirms it arrived; then the buyer gets the full price back and the seller nothing.'}
    </Alert>
  );
}
