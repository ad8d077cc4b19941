import { useEffect, useMemo, useReducer, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { PAYMENT_MESSAGES } from '@souvenir/contracts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetProductQuery } from '../../../api/catalogApi';
import { useCreatePaymentIntentMutation } from '../../../api/paymentsApi';
import { bundlePrice, BUNDLE_MESSAGES } from '../../bundle/bundleContract';
import { unavailableReason, useBundleProducts } from '../../bundle/hooks/useBundleProducts';
import { bundleIdsOf } from '../checkoutItems';
import { checkoutReducer, currentStep, initialCheckoutState, type CheckoutStep } from '../checkoutSteps';
import { checkoutTokenFor, rememberCheckout } from '../checkoutStorage';
import { defaultCountryFor } from '../defaultCountry';
import { useShopperCountry } from '../../customs/useShopperCountry';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../hooks/useToast';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { AuthStep } from '../components/AuthStep';
import { OrderSummary, OrderSummarySkeleton } from '../components/OrderSummary';
import { PaymentStep } from '../components/PaymentStep';
import { MemberShippingStep, type AddressChoice } from '../components/MemberShippingStep';
import { emptyShippingForm, ShippingStep, toGuestInfo, type ShippingFormValues } from '../components/ShippingStep';

const STEPS: Array<{ key: CheckoutStep; label: string; heading: string }> = [
  { key: 'auth', label: 'Account', heading: 'Sign in or continue as guest' },
  { key: 'guest-info', label: 'Shipping', heading: 'Shipping Information' },
  { key: 'payment', label: 'Payment', heading: 'Payment' },
];

function BackToBrowse() {
  return (
    <Button component={RouterLink} to="/" variant="contained">
      Back to Browse
    </Button>
  );
}

function StepsSkeleton() {
  return (
    <Card sx={{ p: { xs: 2.5, md: 4 } }} aria-busy="true" aria-label="Loading checkout">
      <Skeleton variant="rounded" height={40} sx={{ mb: 4 }} />
      <Skeleton width="45%" height={36} />
      <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
      <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
      <Skeleton variant="rounded" height={48} sx={{ mt: 3, width: 200, ml: 'auto' }} />
    </Card>
  );
}

/** Toasts a problem once, however often the page renders with it (a new problem toasts again). */
function useToastOnce(problem: string | null) {
  const toast = useToast();
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!problem || toasted.current === problem) return;
    toasted.current = problem;
    toast({ title: 'Error', description: problem, variant: 'error' });
  }, [problem, toast]);
}

/** `offer` and `amount` of /checkout?product(s)=…&offer=…&amount=…, when both are there and look right. */
function offerOf(params: URLSearchParams): { id: string; amount: string } | null {
  const id = params.get('offer') ?? '';
  const amount = params.get('amount') ?? '';
  return /^[0-9a-f-]{36}$/i.test(id) && /^\d{1,10}\.\d{2}$/.test(amount) ? { id, amount } : null;
}

/**
 * /checkout?product={id} (or ?products={id},{id},… for a bundle: one payment, one order, one parcel): auth (skipped when signed in) → guest-info (shipping form) → payment (spec sections 2 and 4),
 * with the order summary beside the steps.
 */
export default function CheckoutView() {
  const [params] = useSearchParams();
  const bundleIds = bundleIdsOf(params);
  const isBundle = bundleIds.length > 1;
  // A "bundle" of one item is a plain checkout of it.
  const productId = isBundle ? '' : (params.get('product')?.trim() ?? bundleIds[0] ?? '');
  // "Pay $X" of an accepted offer (on the item, or on the bundle's items in their order): the agreed amount is shown
  // and sent; the server checks it, and the items, against the offer.
  const offer = offerOf(params);
  const toast = useToast();
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const single = useGetProductQuery(productId, { skip: !productId });
  const bundle = useBundleProducts(isBundle ? bundleIds : []);
  // The bundle's items as they are now (all of them once loaded), its first one standing for the seller's parcel.
  const items = useMemo(
    () =>
      isBundle
        ? bundle.states.every((state) => state.product)
          ? bundle.states.map((state) => state.product!)
          : undefined
        : single.data && [single.data],
    [isBundle, bundle.states, single.data],
  );
  const product = items?.[0];
  const isProductLoading = isBundle ? bundle.isLoading : single.isLoading;
  const missingItem = isBundle ? bundle.states.find((state) => state.failed) : undefined;
  const productError = isBundle ? (missingItem ? { status: 404 } : undefined) : single.error;
  const refetchProduct = isBundle ? bundle.refetch : single.refetch;
  const price =
    isBundle && items
      ? bundlePrice(
          items.map((item) => item.price),
          product?.seller.bundleDiscount,
        )
      : null;
  // What this tab keeps of the checkout (a guest's token, the payment) is filed under the item, or the bundle's items.
  const checkoutKey = isBundle ? bundleIds.join(',') : (product?.id ?? productId);
  const [createIntent, { data: intent, isLoading: isCreatingIntent, reset: resetIntent }] =
    useCreatePaymentIntentMutation();
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  // The addresses start in the country the shopper said they are in (Home's "Deliver to"), else their profile's.
  const { country: shopperCountry } = useShopperCountry();
  const { shipping, setupError } = state;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A member's saved address (or "save this one"): a retry or Back from payment keeps it.
  const addressChoice = useRef<AddressChoice | undefined>(undefined);
  const step = currentStep(state, Boolean(user));
  const isGuest = !user;

  useToastOnce(
    !productId && !isBundle ? 'No product selected for checkout' : productError ? 'Failed to load product' : null,
  );

  // Login success on the auth step: the page reloads (spec section 4); signed in, it opens on the shipping step.
  useEffect(() => {
    if (!isUserLoading) dispatch({ type: 'userKnown', signedIn: Boolean(user) });
  }, [isUserLoading, user, state.chosenStep]);
  useEffect(() => {
    if (state.reload) window.location.reload();
  }, [state.reload]);

  useEffect(() => {
    if (!state.focusHeading) return;
    dispatch({ type: 'headingFocused' });
    headingRef.current?.focus();
  }, [step, state.focusHeading]);

  const goTo = (next: CheckoutStep) => dispatch({ type: 'go', step: next, from: step });

  const startPayment = async (values: ShippingFormValues, choice?: AddressChoice) => {
    if (!product) return;
    addressChoice.current = choice;
    dispatch({ type: 'paymentStarted', shipping: values, from: step });
    resetIntent();
    try {
      const started = await createIntent({
        // A bundle's amount is what the summary shows (bundlePrice, or the accepted offer's); the server computes it
        // again and must agree.
        ...(isBundle && price
          ? { productIds: bundleIds, amount: offer?.amount ?? price.total }
          : { productId: product.id, amount: offer?.amount ?? product.price }),
        ...(offer ? { offerId: offer.id } : {}),
        ...(choice && 'addressId' in choice
          ? { addressId: choice.addressId }
          : { guestInfo: toGuestInfo(values), ...(choice?.saveAddress ? { saveAddress: true } : {}) }),
        checkoutToken: isGuest ? checkoutTokenFor(checkoutKey) : undefined,
      }).unwrap();
      rememberCheckout(checkoutKey, started);
    } catch (error) {
      const apiError = asApiError(error);
      const message = apiError?.serverMessage ?? 'An error occurred';
      dispatch({ type: 'paymentSetupFailed', message });
      toast({ title: 'Error', description: `Failed to setup payment. ${message}`, variant: 'error' });
      // The price changed or the item sold meanwhile: show the current state in the summary.
      if (apiError?.status === 409) void refetchProduct();
    }
  };

  const backLink = (
    <Link
      component={RouterLink}
      to={isBundle ? '/bundle' : product ? `/product/${product.id}` : '/'}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontWeight: 600, mb: 3 }}
    >
      <ArrowBackRounded fontSize="small" aria-hidden />{' '}
      {isBundle ? 'Back to your bundle' : product ? 'Back to item' : 'Back to Browse'}
    </Link>
  );

  if (!productId && !isBundle) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <EmptyState
          headingLevel="h1"
          icon={<RemoveShoppingCartOutlined />}
          title="No product selected"
          description="Choose a souvenir and press Buy Now to check out."
          action={<BackToBrowse />}
        />
      </Container>
    );
  }

  if (!isProductLoading && !product && !isBundle) {
    const apiError = asApiError(productError);
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        {apiError && apiError.status !== 404 && (
          <Alert severity="error" sx={{ mb: 3 }}>
            {apiError.message}
          </Alert>
        )}
        <EmptyState
          headingLevel="h1"
          icon={<SearchOffRounded />}
          title="Product not found"
          description="This souvenir may have been sold or removed."
          action={<BackToBrowse />}
        />
      </Container>
    );
  }

  const loading = (isProductLoading || isUserLoading || !product) && !missingItem;
  const isOwner = Boolean(user && product && product.seller.id === user.id);
  const unavailable = product?.status === 'sold';
  // A bundle's items that cannot be bought now, each with why: the buyer goes back to the bundle to remove them.
  const blocked = isBundle
    ? bundle.states.flatMap((state) => {
        const reason = unavailableReason(state.product, state.failed, user?.id);
        return reason ? [`${state.product?.title ?? 'An item'}: ${reason.toLowerCase()}`] : [];
      })
    : [];
  const severalSellers = Boolean(items && new Set(items.map((item) => item.seller.id)).size > 1);
  const activeIndex = STEPS.findIndex((s) => s.key === step);
  const current = STEPS[activeIndex];

  let content;
  if (loading) content = <StepsSkeleton />;
  else if (isBundle && (blocked.length > 0 || severalSellers)) {
    content = (
      <Card sx={{ p: { xs: 2.5, md: 4 } }}>
        <Alert severity="warning" sx={{ mb: 3 }}>
          {severalSellers ? (
            BUNDLE_MESSAGES.oneSeller
          ) : (
            <>
              Some items of this bundle can no longer be bought:
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {blocked.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            </>
          )}
        </Alert>
        <Button component={RouterLink} to="/bundle" variant="contained">
          Back to your bundle
        </Button>
      </Card>
    );
  } else if (!product) content = <StepsSkeleton />;
  else if (isOwner || unavailable) {
    content = (
      <Card sx={{ p: { xs: 2.5, md: 4 } }}>
        <Alert severity={isOwner ? 'info' : 'warning'} sx={{ mb: 3 }}>
          {isOwner ? PAYMENT_MESSAGES.ownProduct : PAYMENT_MESSAGES.noLongerAvailable}
        </Alert>
        <BackToBrowse />
      </Card>
    );
  } else {
    content = (
      <Card component="section" aria-labelledby="checkout-step-heading" sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stepper activeStep={activeIndex} alternativeLabel aria-label="Checkout steps" sx={{ mb: 4 }}>
          {STEPS.map((s, index) => (
            <Step key={s.key} completed={index < activeIndex}>
              <StepLabel
                optional={
                  s.key === 'auth' && user ? (
                    <Typography variant="caption">Signed in as {user.firstName}</Typography>
                  ) : undefined
                }
                slotProps={{ label: { 'aria-current': index === activeIndex ? 'step' : undefined } as object }}
              >
                {s.label}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography
          id="checkout-step-heading"
          ref={headingRef}
          tabIndex={-1}
          variant="h5"
          component="h2"
          sx={{ mb: 2.5, outline: 'none' }}
        >
          {current.heading}
        </Typography>
        {step === 'auth' && <AuthStep onContinueAsGuest={() => goTo('guest-info')} />}
        {step === 'guest-info' && !isGuest && (
          <MemberShippingStep
            initialValues={
              shipping && shipping.email === undefined
                ? shipping
                : emptyShippingForm(false, shopperCountry ?? defaultCountryFor(user))
            }
            shipsFrom={product.shipsFrom ?? null}
            itemCount={items?.length ?? 1}
            previousChoice={addressChoice.current}
            onSubmit={(values, choice) => void startPayment(values, choice)}
          />
        )}
        {step === 'guest-info' && isGuest && (
          <ShippingStep
            key={isGuest ? 'guest' : 'member'}
            isGuest={isGuest}
            initialValues={
              shipping && Boolean(shipping.email !== undefined) === isGuest
                ? shipping
                : emptyShippingForm(isGuest, shopperCountry ?? defaultCountryFor(user))
            }
            shipsFrom={product.shipsFrom ?? null}
            itemCount={items?.length ?? 1}
            onSubmit={(values) => void startPayment(values)}
            onBack={isGuest ? () => goTo('auth') : undefined}
          />
        )}
        {step === 'payment' && (
          <PaymentStep
            checkoutKey={checkoutKey}
            intent={intent}
            isCreating={isCreatingIntent}
            setupError={setupError}
            onRetry={() => shipping && void startPayment(shipping, addressChoice.current)}
            onBack={() => goTo('guest-info')}
            billing={shipping ? { postalCode: shipping.billingZip, country: shipping.billingCountry } : undefined}
          />
        )}
      </Card>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {backLink}
      <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
        Checkout
      </Typography>
      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 7, lg: 8 }} sx={{ order: { xs: 2, md: 1 } }}>
          {content}
        </Grid>
        <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ order: { xs: 1, md: 2 } }}>
          {isBundle && items && price ? (
            <OrderSummary
              items={items}
              price={price}
              discount={product?.seller.bundleDiscount}
              agreedPrice={offer?.amount}
            />
          ) : product && !isBundle ? (
            <OrderSummary items={[product]} agreedPrice={offer?.amount} />
          ) : (
            <OrderSummarySkeleton />
          )}
        </Grid>
      </Grid>
    </Container>
  );
}
