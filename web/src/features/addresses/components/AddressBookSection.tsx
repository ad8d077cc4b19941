import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { ADDRESS_BOOK_MAX, type MeDto, type SavedAddressDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { defaultCountryFor } from '../../checkout/defaultCountry';
import { useDeleteAddressMutation, useListAddressesQuery, useUpdateAddressMutation } from '../addressesApi';
import { addressLines, inputOf } from '../formatAddress';
import { AddressFormDialog } from './AddressFormDialog';

/** The address book in the account: the checkout offers these addresses; one is the default. */
export function AddressBookSection({ me }: { me: Pick<MeDto, 'firstName' | 'lastName' | 'location'> }) {
  const { data: addresses = [], isLoading, isError } = useListAddressesQuery();
  const [updateAddress] = useUpdateAddressMutation();
  const [deleteAddress, { isLoading: deleting }] = useDeleteAddressMutation();
  const toast = useToast();
  const [editing, setEditing] = useState<SavedAddressDto | 'new' | null>(null);
  const [deletingAddress, setDeletingAddress] = useState<SavedAddressDto | null>(null);
  const full = addresses.length >= ADDRESS_BOOK_MAX;

  const makeDefault = async (address: SavedAddressDto) => {
    try {
      await updateAddress({ ...inputOf(address), id: address.id, isDefault: true }).unwrap();
      toast({ title: 'Default address changed' });
    } catch (error) {
      toast({ title: 'Not changed', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };

  const confirmDelete = async () => {
    if (!deletingAddress) return;
    try {
      await deleteAddress(deletingAddress.id).unwrap();
      toast({ title: 'Address deleted' });
      setDeletingAddress(null);
    } catch (error) {
      toast({ title: 'Not deleted', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="address-book-title">
      <Box>
        <Typography id="address-book-title" variant="h6" component="h2">
          Shipping addresses
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The checkout offers these, the one you used last first. Up to {ADDRESS_BOOK_MAX} addresses.
        </Typography>
      </Box>
      {isLoading && <Typography>Loading…</Typography>}
      {isError && <Typography color="error">Your addresses could not be loaded. Try again later.</Typography>}
      {!isLoading && !isError && addresses.length === 0 && (
        <Typography color="text.secondary">
          No saved addresses yet. Add one here, or tick “Save this address” at checkout.
        </Typography>
      )}
      {addresses.length > 0 && (
        <Box
          component="ul"
          aria-label="Saved addresses"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {addresses.map((address) => {
            const name = `${address.firstName} ${address.lastName}, ${address.line1}`;
            return (
              <Box
                component="li"
                key={address.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
                data-testid="saved-address"
              >
                <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
                  {address.isDefault && <Chip label="Default" color="primary" size="small" />}
                  {address.lastUsedAt && address.lastUsedAt === latestUse(addresses) && (
                    <Chip label="Last used" size="small" />
                  )}
                </Stack>
                <Box component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {addressLines(address).join('\n')}
                </Box>
                <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setEditing(address)}
                    aria-label={`Edit ${name}`}
                  >
                    Edit
                  </Button>
                  {!address.isDefault && (
                    <Button
                      size="small"
                      onClick={() => void makeDefault(address)}
                      aria-label={`Make ${name} the default`}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeletingAddress(address)}
                    aria-label={`Delete ${name}`}
                  >
                    Delete
                  </Button>
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
      <Button
        variant="outlined"
        startIcon={<AddRounded />}
        disabled={full || isLoading}
        onClick={() => setEditing('new')}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add an address
      </Button>
      {full && (
        <Typography variant="body2" color="text.secondary">
          Your address book is full: delete an address you no longer use to add another.
        </Typography>
      )}
      <AddressFormDialog
        open={editing !== null}
        address={editing === 'new' ? null : editing}
        blank={{ firstName: me.firstName, lastName: me.lastName, country: defaultCountryFor(me) }}
        onClose={() => setEditing(null)}
      />
      <Dialog
        open={deletingAddress !== null}
        onClose={() => setDeletingAddress(null)}
        aria-labelledby="delete-address-title"
        aria-describedby="delete-address-text"
      >
        <DialogTitle id="delete-address-title">Delete this address?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-address-text" sx={{ whiteSpace: 'pre-line' }}>
            {deletingAddress ? addressLines(deletingAddress).slice(0, 4).join('\n') : ''}
          </DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>Orders already shipped there keep their own copy.</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setDeletingAddress(null)} sx={{ color: 'text.secondary' }}>
            Keep it
          </Button>
          <Button color="error" variant="contained" disabled={deleting} onClick={() => void confirmDelete()}>
            Delete address
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** The newest use of any address (only that one is labelled "Last used"). */
const latestUse = (addresses: SavedAddressDto[]) =>
  addresses.reduce<string | null>(
    (latest, a) => (a.lastUsedAt && (!latest || a.lastUsedAt > latest) ? a.lastUsedAt : latest),
    null,
  );
