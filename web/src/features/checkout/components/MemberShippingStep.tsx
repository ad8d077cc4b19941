import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countryOfLocation, crossBorderMessage, type SavedAddressDto } from '@souvenir/contracts';
import { useListAddressesQuery } from '../../addresses/addressesApi';
import { addressLines } from '../../addresses/formatAddress';
import { ShippingStep, type ShippingFormValues } from './ShippingStep';

/** How a member ships: to one of their saved addresses, or to a new one, kept in their book if they ask. */
export type AddressChoice = { addressId: string } | { saveAddress: boolean };

const NEW = 'new';

/** Why a saved address cannot take this item (delivery is domestic), or null when it can. */
export function refusalFor(address: SavedAddressDto, shipsFrom: string | null): string | null {
  if (!shipsFrom) return null;
  const country = countryOfLocation(address.country) ?? address.country;
  return country === shipsFrom ? null : crossBorderMessage(shipsFrom, country);
}

/** The checkout form's values for a saved address: billed and delivered there (the card form reads its postcode). */
export function shippingValuesOf(address: SavedAddressDto): ShippingFormValues {
  const street = address.line2 ? `${address.line1}, ${address.line2}` : address.line1;
  const region = address.region ?? '';
  return {
    phone: address.phone ?? '',
    billingStreet: street,
    billingCity: address.city,
    billingState: region,
    billingZip: address.postcode,
    billingCountry: address.country,
    deliveryStreet: street,
    deliveryCity: address.city,
    deliveryState: region,
    deliveryZip: address.postcode,
    deliveryCountry: address.country,
    sameAsDelivery: true,
  };
}

/** The address to preselect: the one chosen before (Back from payment), else the last used or default that can take the item. */
function preselected(addresses: SavedAddressDto[], shipsFrom: string | null, previous?: AddressChoice): string {
  if (previous && 'addressId' in previous && addresses.some((a) => a.id === previous.addressId))
    return previous.addressId;
  if (previous && 'saveAddress' in previous) return NEW;
  // The list comes last used first, then the default: the first that can take the item.
  const usable = addresses.filter((a) => !refusalFor(a, shipsFrom));
  const lastUsed = usable.find((a) => a.lastUsedAt);
  return (lastUsed ?? usable.find((a) => a.isDefault) ?? usable[0])?.id ?? NEW;
}

interface Props {
  initialValues: ShippingFormValues;
  shipsFrom: string | null;
  /** How many items the order holds: a bundle's notice speaks of them all. */
  itemCount?: number;
  previousChoice?: AddressChoice;
  onSubmit: (values: ShippingFormValues, choice: AddressChoice) => void;
}

/** The shipping step of a signed-in buyer: their saved addresses first, "Use a new address" after. */
export function MemberShippingStep({ initialValues, shipsFrom, itemCount, previousChoice, onSubmit }: Props) {
  const { data: addresses, isLoading } = useListAddressesQuery();
  if (isLoading) return <AddressesSkeleton />;
  return (
    <AddressPicker
      addresses={addresses ?? []}
      initialValues={initialValues}
      shipsFrom={shipsFrom}
      itemCount={itemCount}
      previousChoice={previousChoice}
      onSubmit={onSubmit}
    />
  );
}

function AddressPicker({
  addresses,
  initialValues,
  shipsFrom,
  itemCount,
  previousChoice,
  onSubmit,
}: Props & { addresses: SavedAddressDto[] }) {
  const [selected, setSelected] = useState(() => preselected(addresses, shipsFrom, previousChoice));
  const [save, setSave] = useState(
    previousChoice && 'saveAddress' in previousChoice ? previousChoice.saveAddress : true,
  );
  const headingId = useId();
  const chosen = addresses.find((a) => a.id === selected);
  // The list comes last used first.
  const lastUsedId = addresses.find((a) => a.lastUsedAt)?.id;

  const saveBox = (
    <FormControlLabel
      control={<Checkbox checked={save} onChange={(event) => setSave(event.target.checked)} />}
      label="Save this address for next time"
    />
  );
  const newAddressForm = (
    <ShippingStep
      isGuest={false}
      initialValues={initialValues}
      shipsFrom={shipsFrom}
      itemCount={itemCount}
      onSubmit={(values) => onSubmit(values, { saveAddress: save })}
      beforeActions={saveBox}
    />
  );
  if (addresses.length === 0) return newAddressForm;

  return (
    <Stack spacing={3}>
      <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography id={headingId} component="legend" variant="h6" sx={{ mb: 1.5, p: 0 }}>
          Ship to
        </Typography>
        <RadioGroup name="saved-address" value={selected} onChange={(event) => setSelected(event.target.value)}>
          <Stack spacing={1.5}>
            {addresses.map((address) => {
              const refusal = refusalFor(address, shipsFrom);
              const lines = addressLines(address);
              const reasonId = `address-refusal-${address.id}`;
              return (
                <Box
                  key={address.id}
                  data-testid="checkout-saved-address"
                  sx={{
                    border: 1,
                    borderColor: selected === address.id ? 'primary.main' : 'divider',
                    borderRadius: 2,
                    px: 2,
                    py: 1.5,
                  }}
                >
                  <FormControlLabel
                    value={address.id}
                    disabled={Boolean(refusal)}
                    control={<Radio slotProps={{ input: refusal ? { 'aria-describedby': reasonId } : undefined }} />}
                    label={
                      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                          {lines[0]}
                          {address.id === lastUsedId ? ' · Last used' : ''}
                          {address.isDefault ? ' · Default' : ''}
                        </Box>
                        <Box component="span" sx={{ display: 'block' }}>
                          {lines.slice(1, -1).join(', ')}
                        </Box>
                        <Box component="span" sx={{ display: 'block' }}>
                          {lines[lines.length - 1]}
                        </Box>
                      </Box>
                    }
                    sx={{ alignItems: 'flex-start', m: 0, width: '100%', '& .MuiRadio-root': { mt: -0.75 } }}
                  />
                  {refusal && (
                    <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 0.5, pl: 4.5 }}>
                      {refusal}
                    </Typography>
                  )}
                </Box>
              );
            })}
            <Box
              sx={{
                border: 1,
                borderColor: selected === NEW ? 'primary.main' : 'divider',
                borderRadius: 2,
                px: 2,
                py: 1,
              }}
            >
              <FormControlLabel
                value={NEW}
                control={<Radio />}
                label="Use a new address"
                sx={{ m: 0, width: '100%' }}
              />
            </Box>
          </Stack>
        </RadioGroup>
      </Box>
      {selected === NEW ? (
        newAddressForm
      ) : (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            size="large"
            disabled={!chosen || Boolean(refusalFor(chosen, shipsFrom))}
            onClick={() => chosen && onSubmit(shippingValuesOf(chosen), { addressId: chosen.id })}
          >
            Continue to Payment
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function AddressesSkeleton() {
  return (
    <Stack spacing={1.5} aria-busy="true" aria-label="Loading your addresses">
      <Skeleton variant="rounded" height={88} />
      <Skeleton variant="rounded" height={88} />
      <Skeleton variant="rounded" height={48} />
    </Stack>
  );
}
