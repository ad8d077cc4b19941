import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { PaymentIntentDto } from '@souvenir/contracts';
import { TestCardForm } from './TestCardForm';

// Stripe.js is only ever fetched from here, and only when the server configured a publishable key.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

function PaymentSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Setting up payment">
      <Skeleton variant="rounded" height={110} />
      <Skeleton variant="rounded" height={56} />
      <Stack direction="row" spacing={2}>
        <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
        <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
        <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
      </Stack>
      <Skeleton variant="rounded" height={48} />
    </Stack>
  );
}

interface Props {
  /** The checkout's key: the product's id, or a bundle's ids joined by commas (where success goes, see successPath). */
  checkoutKey: string;
  intent: PaymentIntentDto | undefined;
  isCreating: boolean;
  /** The server's message when the intent could not be created. */
  setupError: string | null;
  onRetry: () => void;
  onBack: () => void;
  /** The billing address's postal code and country, carried into the card form (asked once, not twice). */
  billing?: { postalCode: string; country: string };
}

/** Step 3: the card form for the intent created on entering the step (Stripe Elements or the test-mode form). */
export function PaymentStep({ checkoutKey, intent, isCreating, setupError, onRetry, onBack, billing }: Props) {
  let body;
  if (isCreating || (!intent && !setupError)) body = <PaymentSkeleton />;
  else if (setupError || !intent) {
    body = (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try Again
          </Button>
        }
      >
        <AlertTitle>Failed to setup payment</AlertTitle>
        {setupError}
      </Alert>
    );
  } else if (intent.provider === 'stripe' && intent.publishableKey) {
    body = (
      <Suspense fallback={<PaymentSkeleton />}>
        <StripePaymentForm intent={intent} checkoutKey={checkoutKey} billing={billing} />
      </Suspense>
    );
  } else {
    body = (
      <TestCardForm
        intent={intent}
        checkoutKey={checkoutKey}
        defaultPostalCode={billing?.postalCode}
        billingCountry={billing?.country}
      />
    );
  }

  return (
    <Stack spacing={2}>
      {body}
      <Button onClick={onBack} sx={{ alignSelf: 'flex-start', color: 'text.secondary' }}>
        Back to shipping information
      </Button>
    </Stack>
  );
}
