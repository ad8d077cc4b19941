import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import { SELLER_LOCATIONS } from '@souvenir/contracts';
import { useShopperCountry } from './useShopperCountry';

/** The countries sellers ship within ('Any Location' is the seller filter's, not a place). */
const SHIPPING_COUNTRIES = SELLER_LOCATIONS.filter((location) => location !== 'Any Location');

/** "Deliver to": where the shopper is, remembered in this browser. A skeleton until it is known. */
export function ShopperCountrySelect({ onChosen }: { onChosen?: (country: string) => void }) {
  const id = useId();
  const { country, choose } = useShopperCountry();
  if (!country) return <Skeleton variant="rounded" height={40} aria-label="Loading where you are" />;
  const options = SHIPPING_COUNTRIES.includes(country as (typeof SHIPPING_COUNTRIES)[number])
    ? SHIPPING_COUNTRIES
    : [country, ...SHIPPING_COUNTRIES];
  return (
    <FormControl fullWidth size="small">
      <InputLabel id={`${id}-label`}>Deliver to</InputLabel>
      <Select
        labelId={`${id}-label`}
        label="Deliver to"
        value={country}
        onChange={(event) => {
          choose(event.target.value);
          onChosen?.(event.target.value);
        }}
        data-testid="deliver-to"
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
