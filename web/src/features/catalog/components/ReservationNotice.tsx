import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ProductDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { reservationEnd } from '../../../utils/time';
import { useLiftReservationMutation } from '../reservationApi';

interface Props {
  product: ProductDto & { reservedUntil: string };
  /** Who is looking: the seller (who may lift it), the buyer it is for, or anyone else. */
  viewer: 'seller' | 'buyer' | 'other';
  /** The end is written once the page runs in the reader's browser (their time zone), not in the rendered HTML. */
  showTime: boolean;
}

/** A reserved item's line on its page: who may buy it and until when, and the seller's "Lift reservation". */
export function ReservationNotice({ product, viewer, showTime }: Props) {
  const [lift, { isLoading }] = useLiftReservationMutation();
  const toast = useToast();
  const until = showTime ? ` until ${reservationEnd(product.reservedUntil)}` : '';

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

  if (viewer === 'buyer')
    return (
      <Alert severity="success" variant="outlined">
        Reserved for you{until}. Only you can buy it until then.
      </Alert>
    );
  if (viewer === 'seller')
    return (
      <Alert
        severity="info"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={() => void liftNow()} disabled={isLoading}>
            Lift reservation
          </Button>
        }
      >
        Reserved for {product.reservedFor ? product.reservedFor.firstName : 'a buyer'}
        {until}. Only they can buy it until then.
      </Alert>
    );
  return (
    <Alert severity="info" variant="outlined">
      The seller has reserved this item for another buyer{until}. Only they can buy it until then; you can still save it
      or ask the seller about it.
    </Alert>
  );
}
