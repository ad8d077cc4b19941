import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RequestGuestOrderLinksRequest } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useFindMyOrderMutation } from '../../../api/ordersApi';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';

const empty = { email: '' };

/**
 * "Find my order" for a guest who lost their private link: the links of their orders are e-mailed to the address they
 * paid with. The answer is the same whatever the address (so is the server's): nothing says what it bought.
 */
export function FindMyOrderForm() {
  const [findMyOrder, { isLoading }] = useFindMyOrderMutation();
  const toast = useToast();
  const [sent, setSent] = useState<string | null>(null);
  const { field, handleSubmit } = useDtoForm(RequestGuestOrderLinksRequest, empty);

  const submit = handleSubmit(async ({ email }) => {
    try {
      setSent((await findMyOrder({ email }).unwrap()).message);
    } catch (error) {
      toast({
        title: 'Could not send the links',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="find-my-order-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="find-my-order-title" variant="h6" component="h2" gutterBottom>
        Find my order
      </Typography>
      {sent ? (
        <Alert severity="success" role="status">
          {sent} Check your inbox (and your spam folder).
        </Alert>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Bought as a guest? Enter the e-mail address you paid with and we will send you the links to your orders.
          </Typography>
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
            Send my order links
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
