import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import SellOutlined from '@mui/icons-material/SellOutlined';
import { Link as RouterLink } from 'react-router';
import { useGetProductOrderQuery } from '../../../api/ordersApi';
import { RelistButton } from './RelistButton';

interface Props {
  productId: string;
  /** The product's seller is looking. */
  isOwner: boolean;
  /** Someone is signed in: if they bought it, their order is linked. */
  signedIn: boolean;
}

/**
 * A sold product's page says so to everyone; its seller gets a link to the sale, and its buyer to their purchase
 * (their latest order of this product, from the orders list filtered by product: catalog knows nothing of orders).
 */
export function SoldNotice({ productId, isOwner, signedIn }: Props) {
  const role = isOwner ? 'sales' : 'purchases';
  const { data: order, isLoading } = useGetProductOrderQuery(
    { productId, role },
    { skip: !signedIn, refetchOnMountOrArgChange: true },
  );

  let text: ReactNode;
  if (isLoading) {
    text = <Skeleton width="60%" />;
  } else if (
    isOwner &&
    // Refunded: the whole order, or this item of a bundle whose other items the buyer kept.
    (order?.status === 'refunded' || order?.items.some((item) => item.id === productId && item.refunded))
  ) {
    text = (
      <>
        The buyer was refunded.{' '}
        <Link component={RouterLink} to={`/orders/${order.id}`} sx={{ fontWeight: 700 }}>
          View the order
        </Link>
        . Once you have the item back, put it on sale again.
        <RelistButton productId={productId} />
      </>
    );
  } else if (isOwner) {
    text = (
      <>
        You sold this souvenir; it no longer appears in search.{' '}
        {order ? (
          <Link component={RouterLink} to={`/orders/${order.id}`} sx={{ fontWeight: 700 }}>
            View the order
          </Link>
        ) : (
          <Link component={RouterLink} to="/orders?tab=sales" sx={{ fontWeight: 700 }}>
            See your sales
          </Link>
        )}
      </>
    );
  } else if (order) {
    text = (
      <>
        You bought this souvenir.{' '}
        <Link component={RouterLink} to={`/orders/${order.id}`} sx={{ fontWeight: 700 }}>
          View your order
        </Link>
      </>
    );
  } else {
    text = 'This souvenir has found a new home and is no longer for sale.';
  }

  return (
    <Alert severity="info" icon={<SellOutlined />} role="status" sx={{ alignItems: 'flex-start' }}>
      <AlertTitle sx={{ fontWeight: 800 }}>Sold</AlertTitle>
      {text}
    </Alert>
  );
}
