import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { RESERVATION_HOUR_CHOICES, RESERVATION_HOURS } from '@souvenir/contracts';
import { useState, type FormEvent } from 'react';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { reservationEnd } from '../../../utils/time';
import { useReserveProductMutation } from '../reservationApi';

const HOUR_MS = 3_600_000;

function durationLabel(hours: number): string {
  if (hours < 48) return `${hours} hours`;
  const days = hours / 24;
  return hours === RESERVATION_HOURS.default ? `${hours} hours (2 days)` : `${days} days`;
}

interface Props {
  productId: string;
  productTitle: string;
  buyer: { id: string; firstName: string; lastName: string };
  onClose: () => void;
}

/** The seller chooses how long to hold the item for one buyer (48 hours unless they choose). */
export function ReserveDialog({ productId, productTitle, buyer, onClose }: Props) {
  const [reserve, { isLoading }] = useReserveProductMutation();
  const toast = useToast();
  const [hours, setHours] = useState<number>(RESERVATION_HOURS.default);
  const name = `${buyer.firstName} ${buyer.lastName}`.trim();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const product = await reserve({ id: productId, buyerId: buyer.id, hours }).unwrap();
      toast({
        title: `Reserved for ${buyer.firstName}`,
        description: product.reservedUntil
          ? `Only ${buyer.firstName} can buy it until ${reservationEnd(product.reservedUntil)}.`
          : undefined,
      });
      onClose();
    } catch (error) {
      toast({ title: 'Could not reserve the item', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="reserve-title">
      <form noValidate onSubmit={(e) => void send(e)}>
        <DialogTitle id="reserve-title">Reserve for {name}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            “{productTitle}” shows as Reserved to everyone, and only {buyer.firstName} can buy it until the time runs
            out or you lift the reservation.
          </DialogContentText>
          <FormControl>
            <FormLabel id="reserve-hours-label">Reserve for</FormLabel>
            <RadioGroup
              aria-labelledby="reserve-hours-label"
              name="hours"
              value={String(hours)}
              onChange={(e) => setHours(Number(e.target.value))}
            >
              {RESERVATION_HOUR_CHOICES.map((choice) => (
                <FormControlLabel
                  key={choice}
                  value={String(choice)}
                  control={<Radio />}
                  label={durationLabel(choice)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            Until {reservationEnd(new Date(Date.now() + hours * HOUR_MS).toISOString())}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Reserving...' : 'Reserve'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
