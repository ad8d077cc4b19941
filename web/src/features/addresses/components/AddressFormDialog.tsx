import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { postalCodeLabel, SavedAddressInput, type SavedAddressDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';
import { useCreateAddressMutation, useUpdateAddressMutation } from '../addressesApi';

/** The form's values: every text as typed (empty optional fields are dropped when sent). */
interface AddressValues {
  firstName: string;
  lastName: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  phone: string;
  isDefault: boolean;
}

const valuesOf = (address: SavedAddressDto | null, blank: { firstName: string; lastName: string; country: string }) =>
  address
    ? {
        firstName: address.firstName,
        lastName: address.lastName,
        line1: address.line1,
        line2: address.line2 ?? '',
        city: address.city,
        region: address.region ?? '',
        postcode: address.postcode,
        country: address.country,
        phone: address.phone ?? '',
        isDefault: address.isDefault,
      }
    : { ...blank, line1: '', line2: '', city: '', region: '', postcode: '', phone: '', isDefault: false };

/** What the API takes: optional fields left out when empty. */
function toInput(values: AddressValues): SavedAddressInput {
  const input: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(values)) if (value !== '') input[key] = value;
  return input as unknown as SavedAddressInput;
}

interface Props {
  open: boolean;
  /** The address to edit; null adds a new one. */
  address: SavedAddressDto | null;
  /** A new address starts with the member's name and country. */
  blank: { firstName: string; lastName: string; country: string };
  onClose: () => void;
}

/** Adds or edits an address of the book, checked by the same rules as the server (postcode per country). */
export function AddressFormDialog({ open, address, blank, onClose }: Props) {
  const [createAddress, { isLoading: creating }] = useCreateAddressMutation();
  const [updateAddress, { isLoading: updating }] = useUpdateAddressMutation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const toast = useToast();
  const { values, setValue, field, handleSubmit, reset } = useDtoForm<AddressValues>(
    SavedAddressInput,
    valuesOf(address, blank),
  );
  const busy = creating || updating;

  useEffect(() => {
    if (open) reset(valuesOf(address, blank));
    // Only when the dialog opens: the blank values are rebuilt on every render of the parent.
  }, [open, address, reset]);

  const submit = handleSubmit(async (data) => {
    try {
      const input = toInput({ ...values, ...data });
      if (address) await updateAddress({ ...input, id: address.id }).unwrap();
      else await createAddress(input).unwrap();
      toast({ title: address ? 'Address updated' : 'Address saved' });
      onClose();
    } catch (error) {
      toast({
        title: 'Address not saved',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  });

  const title = address ? 'Edit address' : 'Add an address';
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="address-form-title"
    >
      <form noValidate onSubmit={submit} aria-label={title}>
        <DialogTitle id="address-form-title" sx={{ pr: 7 }}>
          {title}
        </DialogTitle>
        <DialogCloseButton onClose={onClose} disabled={busy} />
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="First Name"
                required
                fullWidth
                autoComplete="shipping given-name"
                {...field('firstName')}
              />
              <TextField
                label="Last Name"
                required
                fullWidth
                autoComplete="shipping family-name"
                {...field('lastName')}
              />
            </Stack>
            <TextField label="Address line 1" required autoComplete="shipping address-line1" {...field('line1')} />
            <TextField label="Address line 2 (optional)" autoComplete="shipping address-line2" {...field('line2')} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="City" required fullWidth autoComplete="shipping address-level2" {...field('city')} />
              <TextField
                label="State or region"
                fullWidth
                autoComplete="shipping address-level1"
                {...field('region')}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={postalCodeLabel(values.country)}
                required
                fullWidth
                autoComplete="shipping postal-code"
                {...field('postcode')}
              />
              <TextField
                label="Country"
                required
                fullWidth
                autoComplete="shipping country-name"
                {...field('country')}
              />
            </Stack>
            <TextField label="Phone (optional)" type="tel" autoComplete="shipping tel" {...field('phone')} />
            {!address?.isDefault && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values.isDefault}
                    onChange={(event) => setValue('isDefault', event.target.checked)}
                  />
                }
                label="Use as my default address"
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} sx={{ color: 'text.secondary' }}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save address'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
