import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import {
  DEFAULT_COUNTRY,
  isInvalidPostalCodeMessage,
  isPostalCodeOf,
  PAYMENT_MESSAGES,
  postalCodeLabel,
  type PaymentIntentDto,
} from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useConfirmTestPaymentMutation } from '../../../api/paymentsApi';
import { useToast } from '../../../hooks/useToast';
import { formatMoney } from '../../../utils/money';
import { usePaymentOutcome } from '../hooks/usePaymentOutcome';

/** Stripe's documented test cards; the built-in test provider answers them the same way. */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
  { number: '4000 0000 0000 0069', outcome: 'expired card' },
  { number: '4000 0027 6000 3184', outcome: 'requires authentication' },
];

type CardField = 'number' | 'expiry' | 'cvc' | 'postalCode';

/** Which field a provider message is about, to mark it as Stripe's card form would. */
const FIELD_OF_MESSAGE: Record<string, CardField> = {
  [PAYMENT_MESSAGES.incompleteNumber]: 'number',
  [PAYMENT_MESSAGES.incompleteExpiry]: 'expiry',
  [PAYMENT_MESSAGES.expiryInPast]: 'expiry',
  [PAYMENT_MESSAGES.incompleteCvc]: 'cvc',
};

/** The field a provider message is about; postal-code messages name the billing country's example. */
const fieldOfMessage = (message: string): CardField | undefined =>
  isInvalidPostalCodeMessage(message) ? 'postalCode' : FIELD_OF_MESSAGE[message];

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
const formatCardNumber = (value: string) => digits(value, 16).replace(/(\d{4})(?=\d)/g, '$1 ');
function formatExpiry(value: string, previous: string) {
  const d = digits(value, 4);
  // Deleting the " / " separator deletes the month's last digit too, so backspace never gets stuck.
  if (d.length === 2 && value.length < previous.length) return d.slice(0, 1);
  return d.length >= 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

interface Props {
  intent: PaymentIntentDto;
  /** The checkout's key: the product's id, or a bundle's ids joined by commas (where success goes, see successPath). */
  checkoutKey: string;
  /** The billing postal code, carried into the card's (Stripe's card form asks again; the buyer typed it once). */
  defaultPostalCode?: string;
  /** The billing country: its postal codes are the ones the card form takes. */
  billingCountry?: string;
}

/** The built-in test-mode card form (no Stripe.js): used whenever no publishable key is configured. */
export function TestCardForm({ intent, checkoutKey, defaultPostalCode = '', billingCountry = DEFAULT_COUNTRY }: Props) {
  const [card, setCard] = useState({
    number: '',
    expiry: '',
    cvc: '',
    postalCode: isPostalCodeOf(billingCountry, defaultPostalCode) ? defaultPostalCode.trim() : '',
  });
  const postalLabel = postalCodeLabel(billingCountry);
  // Only a country whose postal codes are digits gets the phone's number pad (a Canadian code has letters).
  const numericPostalCode = isPostalCodeOf(billingCountry, '10001') || isPostalCodeOf(billingCountry, '2000');
  const [failure, setFailure] = useState<string | null>(null);
  const [confirm, { isLoading }] = useConfirmTestPaymentMutation();
  const handleOutcome = usePaymentOutcome(checkoutKey, intent.paymentIntentId);
  const toast = useToast();

  const set = (name: CardField, value: string) => setCard((prev) => ({ ...prev, [name]: value }));
  const failedField = failure ? fieldOfMessage(failure) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!intent.paymentIntentId) {
      toast({ title: 'Error', description: 'Payment system is not ready. Please try again.', variant: 'error' });
      return;
    }
    setFailure(null);
    const [expMonth = '', expYear = ''] = card.expiry.split('/').map((part) => part.trim());
    try {
      const outcome = await confirm({
        clientSecret: intent.clientSecret,
        card: {
          number: card.number.replace(/\s/g, ''),
          expMonth,
          expYear,
          cvc: card.cvc,
          postalCode: card.postalCode.trim(),
          country: billingCountry,
        },
      }).unwrap();
      setFailure(handleOutcome(outcome));
    } catch (error) {
      setFailure(handleOutcome({ status: 'failed', message: asApiError(error)?.serverMessage }));
    }
  };

  const fieldError = (name: CardField) => (failedField === name ? { error: true, helperText: failure } : {});

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Card payment">
      <Alert severity="info" role="note" icon={<CreditCardRounded />}>
        <AlertTitle>Test mode: no real card is charged</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Use any future expiry date, any 3-digit CVC and your billing {postalLabel.toLowerCase()} with one of these
          test cards:
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {TEST_CARDS.map((test) => (
            <li key={test.number}>
              <Link
                component="button"
                type="button"
                onClick={() => set('number', test.number)}
                aria-label={`Use test card ${test.number} (${test.outcome})`}
                sx={{ fontFamily: 'monospace', fontSize: '0.95rem', verticalAlign: 'baseline' }}
              >
                {test.number}
              </Link>{' '}
              <Typography component="span" variant="body2">
                {test.outcome}
              </Typography>
            </li>
          ))}
        </Box>
      </Alert>
      <TextField
        label="Card number"
        required
        value={card.number}
        onChange={(event) => set('number', formatCardNumber(event.target.value))}
        placeholder="1234 1234 1234 1234"
        autoComplete="cc-number"
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <CreditCardRounded aria-hidden sx={{ color: 'text.secondary' }} />
              </InputAdornment>
            ),
          },
        }}
        {...fieldError('number')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Expiry (MM / YY)"
          required
          fullWidth
          value={card.expiry}
          onChange={(event) => set('expiry', formatExpiry(event.target.value, card.expiry))}
          placeholder="MM / YY"
          autoComplete="cc-exp"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...fieldError('expiry')}
        />
        <TextField
          label="CVC"
          required
          fullWidth
          value={card.cvc}
          onChange={(event) => set('cvc', digits(event.target.value, 4))}
          placeholder="123"
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...fieldError('cvc')}
        />
        <TextField
          label={postalLabel}
          required
          fullWidth
          value={card.postalCode}
          onChange={(event) => set('postalCode', event.target.value.slice(0, 10))}
          autoComplete="billing postal-code"
          slotProps={{ htmlInput: { inputMode: numericPostalCode ? 'numeric' : 'text' } }}
          {...fieldError('postalCode')}
        />
      </Stack>
      {failure && (
        <Alert severity="error" role="alert">
          <AlertTitle>Payment Failed</AlertTitle>
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={isLoading} startIcon={<LockOutlined />}>
        {isLoading ? 'Processing...' : `Pay ${formatMoney(intent.amount)}`}
      </Button>
    </Stack>
  );
}
