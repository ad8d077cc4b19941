import type { PaymentIntentDto } from '@souvenir/contracts';

/**
 * What this browser tab keeps of its checkouts, in sessionStorage: never in a URL (where history, referrers and
 * shared links would carry it), gone when the tab closes. A guest's checkout token lets the same tab resume its
 * own checkout; the payment's id and client secret let the success page ask for the payment's state.
 */
const tokenKey = (productId: string) => `souvenir.checkout-token.${productId}`;
const paymentKey = (productId: string) => `souvenir.checkout-payment.${productId}`;

export interface RememberedPayment {
  paymentIntentId: string;
  clientSecret: string;
}

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null; // storage disabled (private modes): the checkout still works, it just starts anew
  }
}

function write(key: string, value: string) {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // storage disabled or full: nothing to resume later
  }
}

export function checkoutTokenFor(productId: string): string | undefined {
  return read(tokenKey(productId)) ?? undefined;
}

/** Keeps what a new or resumed checkout answered: the guest's token and the payment to confirm. */
export function rememberCheckout(productId: string, intent: PaymentIntentDto) {
  if (intent.checkoutToken) write(tokenKey(productId), intent.checkoutToken);
  write(
    paymentKey(productId),
    JSON.stringify({
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
    } satisfies RememberedPayment),
  );
}

export function rememberedPayment(productId: string): RememberedPayment | null {
  try {
    const value = JSON.parse(read(paymentKey(productId)) ?? 'null') as Partial<RememberedPayment> | null;
    return value && typeof value.paymentIntentId === 'string' && typeof value.clientSecret === 'string'
      ? { paymentIntentId: value.paymentIntentId, clientSecret: value.clientSecret }
      : null;
  } catch {
    return null;
  }
}
