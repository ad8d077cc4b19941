import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { HomeFilters } from '../catalog/hooks/useHomeFilters';
import { ShopperCountrySelect } from './ShopperCountrySelect';
import { useShopperCountry } from './useShopperCountry';

/**
 * Browse's "Deliver to": where the shopper is, and a switch to see only what ships within it (`shipsTo`).
 * A new country while the switch is on moves the filter with it.
 */
export function ShipsToFacet({
  value,
  onChange,
}: {
  value: HomeFilters;
  onChange: (changes: Partial<HomeFilters>) => void;
}) {
  const { country } = useShopperCountry();
  return (
    <Stack spacing={1}>
      <ShopperCountrySelect onChosen={(chosen) => value.shipsTo && onChange({ shipsTo: chosen })} />
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={Boolean(value.shipsTo)}
            disabled={!country}
            onChange={(event) => onChange({ shipsTo: event.target.checked && country ? country : '' })}
          />
        }
        label={country ? `Only items that ship to ${country}` : 'Only items that ship to me'}
      />
    </Stack>
  );
}
