import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { ProtectionPeriod } from '../../info/buyerProtection';

/** Support's choice with a refund: the buyer sends the item back with tracking first; the money stays frozen. */
export function ReturnFirstOption({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={
        <>
          Ask for the item back first
          <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
            The buyer sends it back with tracking; the refund is made when the seller confirms it arrived, or{' '}
            <ProtectionPeriod of="returnArrivalDays" /> after it was sent. Not sent within{' '}
            <ProtectionPeriod of="returnShipDays" />: the seller is paid.
          </Typography>
        </>
      }
    />
  );
}
