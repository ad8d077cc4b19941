import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import type { UserSummaryDto } from '@souvenir/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetProductQuery } from '../../../api/catalogApi';
import { useToast } from '../../../hooks/useToast';
import { isReservedNow, reservationEnd } from '../../../utils/time';
import { useLiftReservationMutation } from '../../catalog/reservationApi';

// The dialog loads when the seller opens it.
const ReserveDialog = lazy(() =>
  import('../../catalog/components/ReserveDialog').then((m) => ({ default: m.ReserveDialog })),
);

interface Props {
  productId: string;
  meId: string;
  other: UserSummaryDto | undefined;
}

/**
 * Under the thread's header: the item's seller reserves it for the person they are talking to ("Reserve for Bo") or
 * lifts the reservation; the buyer it is reserved for reads until when, with the way to buy it. Nothing for anyone
 * else, nor for an item that is no longer on sale.
 */
export function ThreadReservation({ productId, meId, other }: Props) {
  const { data: product } = useGetProductQuery(productId);
  const [open, setOpen] = useState(false);
  const [lift, { isLoading: lifting }] = useLiftReservationMutation();
  const toast = useToast();
  if (!product || !other || product.status !== 'active') return null;
  const reservedUntil = isReservedNow(product.reservedUntil) ? product.reservedUntil : null;
  const isSeller = product.seller.id === meId;
  if (!isSeller && !(reservedUntil && product.reservedFor?.id === meId)) return null;

  const liftNow = async () => {
    try {
      await lift(product.id).unwrap();
      toast({ title: 'Reservation lifted', description: 'Anyone can buy this item again.' });
    } catch (error) {
      toast({
        title: 'Could not lift the reservation',
        description: asApiError(error)?.serverMessage,
        variant: 'error',
      });
    }
  };

  const reservedFor = product.reservedFor;
  const text = !reservedUntil
    ? `Holding it for ${other.firstName}? Only they could buy it while it is reserved.`
    : !isSeller
      ? `${product.seller.firstName} reserved this item for you until ${reservationEnd(reservedUntil)}.`
      : `Reserved for ${reservedFor?.id === other.id ? other.firstName : (reservedFor?.firstName ?? 'another buyer')} until ${reservationEnd(reservedUntil)}.`;

  return (
    <Stack
      component="section"
      aria-label="Reservation"
      direction="row"
      useFlexGap
      spacing={1}
      sx={{
        px: { xs: 1.5, md: 2 },
        py: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.default',
      }}
    >
      <EventAvailableOutlined fontSize="small" aria-hidden sx={{ color: 'secondary.dark' }} />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 180 }}>
        {text}
      </Typography>
      {!isSeller ? (
        <Button component={RouterLink} to={`/checkout?product=${product.id}`} variant="contained" size="small">
          Buy Now
        </Button>
      ) : reservedUntil ? (
        <Button variant="outlined" size="small" onClick={() => void liftNow()} disabled={lifting}>
          Lift reservation
        </Button>
      ) : (
        <Button variant="contained" color="secondary" size="small" onClick={() => setOpen(true)}>
          Reserve for {other.firstName}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReserveDialog
            productId={product.id}
            productTitle={product.title}
            buyer={other}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
