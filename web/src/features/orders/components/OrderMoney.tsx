import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OrderDetailDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { cardDisputeSentence, itemsRefundSentence, moneySentence, sellerShare, showsSellerShare } from '../orderMoney';

/** Where the order's money is for the viewer (held, frozen, paid to the seller, back on the buyer's card...), the seller's share while it can be theirs, and a card dispute if any. */
export function OrderMoney({ order }: { order: OrderDetailDto }) {
  const { text, setUpPayouts } = moneySentence(order);
  const itemsRefund = itemsRefundSentence(order);
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>
        {text}
        {setUpPayouts && (
          <>
            {': '}
            <Link component={RouterLink} to="/profile/payouts">
              set up payouts
            </Link>
          </>
        )}
      </Typography>
      {itemsRefund && <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{itemsRefund}</Typography>}
      {showsSellerShare(order) && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {sellerShare(order)}
        </Typography>
      )}
      {order.cardDispute && (
        <Alert severity={order.cardDispute.status === 'won' ? 'info' : 'warning'} sx={{ mt: 1.5 }}>
          {cardDisputeSentence(order.cardDispute)}
        </Alert>
      )}
    </>
  );
}
