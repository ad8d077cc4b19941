/**
 * Stripe Elements card form. Imported lazily by the payment step only when the server answers with a publishable
 * key, so Stripe.js (js.stripe.com) loads on the checkout route only, and never in test mode or offline.
 */
import { use, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeError } from '@stripe/stripe-js';
import { PAYMENT_MESSAGES, type PaymentIntentDto } from '@souvenir/contracts';
import { useToast } from '../../../hooks/useToast';
import { formatMoney } from '../../../utils/money';
import { regionCodeOf } from '../regionCode';
import { successPath, usePaymentOutcome } from '../hooks/usePaymentOutcome';

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per key; a failed load (offline) resolves to null instead of throwing. */
function stripeFor(publishableKey: string) {
  let promise = stripes.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, promise);
  }
  return promise;
}

/** The spec's Payment Failed messages (section 8) for Stripe's error codes. */
function failureMessage(error: StripeError): string {
  switch (error.code) {
    case 'incomplete_zip':
    case 'invalid_zip':
    case 'postal_code_invalid':
      return PAYMENT_MESSAGES.invalidPostalCode;
    case 'incomplete_number':
    case 'invalid_number':
      return PAYMENT_MESSAGES.incompleteNumber;
    case 'incomplete_cvc':
    case 'invalid_cvc':
      return PAYMENT_MESSAGES.incompleteCvc;
    case 'incomplete_expiry':
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return PAYMENT_MESSAGES.incompleteExpiry;
    case 'invalid_expiry_month_past':
    case 'invalid_expiry_year_past':
      return PAYMENT_MESSAGES.expiryInPast;
    case 'expired_card':
      return PAYMENT_MESSAGES.expiredCard;
    case 'card_declined':
      if (error.decline_code === 'expired_card') return PAYMENT_MESSAGES.expiredCard;
      return error.decline_code === 'insufficient_funds'
        ? PAYMENT_MESSAGES.insufficientFunds
        : PAYMENT_MESSAGES.declined;
    case 'payment_intent_unexpected_state':
      return PAYMENT_MESSAGES.unexpectedState;
    default:
      return error.message || PAYMENT_MESSAGES.processingError;
  }
}

interface Props {
  intent: PaymentIntentDto;
  /** The checkout's key: the product's id, or a bundle's ids joined by commas (where success goes, see successPath). */
  checkoutKey: string;
  /** The checkout's billing postal code and country: the Payment Element starts with them. */
  billing?: { postalCode: string; country: string };
}

function StripeForm({ intent, checkoutKey, billing }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const handleOutcome = usePaymentOutcome(checkoutKey, intent.paymentIntentId);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready) {
      toast({ title: 'Error', description: 'Payment system is not ready. Please try again.', variant: 'error' });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const returnUrl = new URL(successPath(checkoutKey), window.location.origin).toString();
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      });
      if (result.error) {
        // Already paid (a second click, another tab): show the success page instead of an error.
        if (
          result.error.code === 'payment_intent_unexpected_state' &&
          result.error.payment_intent?.status === 'succeeded'
        ) {
          handleOutcome({ status: 'succeeded' });
          return;
        }
        setFailure(handleOutcome({ status: 'failed', message: failureMessage(result.error) }));
        return;
      }
      const { status } = result.paymentIntent;
      setFailure(
        handleOutcome({
          status: status === 'requires_payment_method' ? 'failed' : status,
          message: PAYMENT_MESSAGES.declined,
        }),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label="Card payment">
      {!ready && !loadError && <Skeleton variant="rounded" height={180} aria-label="Loading payment form" />}
      {loadError && (
        <Alert severity="error" role="alert">
          {loadError}
        </Alert>
      )}
      <Box sx={{ display: ready ? 'block' : 'none' }}>
        <PaymentElement
          options={{
            layout: 'tabs',
            defaultValues: billing
              ? {
                  billingDetails: {
                    address: { postal_code: billing.postalCode, country: regionCodeOf(billing.country) },
                  },
                }
              : undefined,
          }}
          onReady={() => setReady(true)}
          onLoadError={(event) =>
            setLoadError(event.error.message || 'The payment form could not be loaded. Please try again.')
          }
        />
      </Box>
      {failure && (
        <Alert severity="error" role="alert">
          <AlertTitle>Payment Failed</AlertTitle>
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={submitting} startIcon={<LockOutlined />}>
        {submitting ? 'Processing...' : `Pay ${formatMoney(intent.amount)}`}
      </Button>
    </Stack>
  );
}

export default function StripePaymentForm({ intent, checkoutKey, billing }: Props) {
  // Suspends (the payment step's Suspense shows a skeleton) until Stripe.js has loaded or failed to.
  const stripe = use(stripeFor(intent.publishableKey ?? ''));
  if (!stripe) {
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>Payment system unavailable</AlertTitle>
        The secure payment form could not be loaded. Check your connection and refresh the page.
      </Alert>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: intent.clientSecret,
        appearance: { theme: 'stripe', variables: { borderRadius: '10px' } },
      }}
      key={intent.clientSecret}
    >
      <StripeForm intent={intent} checkoutKey={checkoutKey} billing={billing} />
    </Elements>
  );
}
