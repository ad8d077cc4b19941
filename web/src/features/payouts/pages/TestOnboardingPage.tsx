import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { TestOnboardingDetailsDto, type FieldError } from '@souvenir/contracts';
import { Link as RouterLink, useParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useCompleteTestOnboardingMutation, useGetTestOnboardingQuery } from '../../../api/payoutsApi';
import { EmptyState } from '../../../components/EmptyState';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useOnPageRestore } from '../hooks/useOnPageRestore';

/** Stripe's test values that pass every check. */
const TEST_VALUES: TestOnboardingDetailsDto = {
  legalName: '',
  dateOfBirth: '1901-01-01',
  addressLine: '1 Market Street',
  city: 'San Francisco',
  postalCode: '94105',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

type Field = keyof TestOnboardingDetailsDto;

/** The server's field errors of a 400 (`errors: [{ field, message }]`), by field. */
function serverFieldErrors(data: unknown): Partial<Record<Field, string>> {
  const errors = (data as { errors?: FieldError[] } | undefined)?.errors;
  const byField: Partial<Record<Field, string>> = {};
  if (Array.isArray(errors))
    for (const error of errors) if (error.field in TEST_VALUES) byField[error.field as Field] ??= error.message;
  return byField;
}

/**
 * /payouts/test-onboarding/:token: the test-mode provider's stand-in for Stripe's hosted onboarding. No session is
 * needed (the link's token is the capability); on success the seller goes back to where the link was made for.
 */
export default function TestOnboardingPage() {
  const { token = '' } = useParams();
  const link = useGetTestOnboardingQuery(token, { skip: !token, refetchOnMountOrArgChange: true });
  const [complete, completing] = useCompleteTestOnboardingMutation();
  useOnPageRestore(completing.reset);
  const { field, handleSubmit } = useDtoForm(TestOnboardingDetailsDto, TEST_VALUES);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setServerErrors({});
    try {
      const { returnUrl } = await complete({ token, body: values }).unwrap();
      window.location.assign(returnUrl);
    } catch (error) {
      const apiError = asApiError(error);
      const byField = serverFieldErrors(apiError?.data);
      setServerErrors(byField);
      if (Object.keys(byField).length === 0) setFailure(apiError?.serverMessage ?? 'An error occurred');
    }
  });

  /** A text field bound to the form, showing the server's error for it when the form itself found none. */
  const input = (name: Field, label: string, extra: Record<string, unknown> = {}) => {
    const bound = field(name);
    const serverError = bound.error ? undefined : serverErrors[name];
    return (
      <TextField
        label={label}
        required
        fullWidth
        {...bound}
        onChange={(event) => {
          setServerErrors((prev) => ({ ...prev, [name]: undefined }));
          bound.onChange(event);
        }}
        error={bound.error || Boolean(serverError)}
        helperText={bound.helperText ?? serverError ?? (extra.hint as string | undefined)}
        slotProps={{ htmlInput: extra.htmlInput as object | undefined }}
      />
    );
  };

  const apiError = asApiError(link.error);
  const unusable = (link.data && !link.data.usable) || apiError?.status === 404 || apiError?.status === 400;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1">
        Set up payouts
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        Your details and the bank account the money of your sales is paid to.
      </Typography>
      <Alert severity="info" icon={<ScienceOutlined />} sx={{ mb: 3 }}>
        Test mode: no real money. Date of birth 1902-01-01 fails the identity check; account 000111111116 is refused.
      </Alert>
      {link.isLoading ? (
        <Card sx={{ p: 3 }} aria-busy="true" aria-label="Loading the setup form">
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} variant="rounded" height={56} sx={{ mb: 2 }} />
          ))}
        </Card>
      ) : unusable ? (
        <EmptyState
          icon={<LinkOffRounded />}
          title="This setup link can no longer be used"
          description="Setup links work once and for a short while. Open Payouts on your profile and press Continue setup for a new one."
          action={
            <Button component={RouterLink} to="/profile/payouts" variant="contained">
              Go to Payouts
            </Button>
          }
        />
      ) : link.isError ? (
        <Alert severity="error">{apiError?.message ?? 'An error occurred'}</Alert>
      ) : (
        <Card
          component="form"
          noValidate
          aria-label="Payout details"
          onSubmit={(event) => void submit(event)}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {link.data?.email && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              Account for {link.data.email}
            </Typography>
          )}
          <Stack spacing={2.5}>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="h6" sx={{ mb: 1.5 }}>
                About you
              </Typography>
              <Stack spacing={2}>
                {input('legalName', 'Legal name', { htmlInput: { autoComplete: 'name' } })}
                {input('dateOfBirth', 'Date of birth', { hint: 'YYYY-MM-DD', htmlInput: { inputMode: 'numeric' } })}
                {input('addressLine', 'Address', { htmlInput: { autoComplete: 'street-address' } })}
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 7 }}>
                    {input('city', 'City', { htmlInput: { autoComplete: 'address-level2' } })}
                  </Grid>
                  <Grid size={{ xs: 12, sm: 5 }}>
                    {input('postalCode', 'Postal code', { htmlInput: { autoComplete: 'postal-code' } })}
                  </Grid>
                </Grid>
              </Stack>
            </Box>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="h6" sx={{ mb: 1.5 }}>
                Bank account
              </Typography>
              <Stack spacing={2}>
                {input('routingNumber', 'Routing number', { hint: '9 digits', htmlInput: { inputMode: 'numeric' } })}
                {input('accountNumber', 'Account number', { htmlInput: { inputMode: 'numeric' } })}
              </Stack>
            </Box>
            {failure && <Alert severity="error">{failure}</Alert>}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={completing.isLoading || completing.isSuccess}
            >
              {completing.isLoading || completing.isSuccess ? 'Sending...' : 'Submit details'}
            </Button>
          </Stack>
        </Card>
      )}
    </Container>
  );
}
