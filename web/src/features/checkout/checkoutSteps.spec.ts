import { describe, expect, it } from '@jest/globals';
import { checkoutReducer, currentStep, initialCheckoutState, type CheckoutAction } from './checkoutSteps';
import { emptyShippingForm } from './components/ShippingStep';

const run = (...actions: CheckoutAction[]) => actions.reduce(checkoutReducer, initialCheckoutState);

describe('checkout steps', () => {
  it('opens on the account step for guests and on shipping once signed in', () => {
    expect(currentStep(initialCheckoutState, false)).toBe('auth');
    expect(currentStep(initialCheckoutState, true)).toBe('guest-info');
  });

  it('focuses the heading of a new step, not of the same one again', () => {
    const moved = run({ type: 'go', step: 'guest-info', from: 'auth' });
    expect(moved).toMatchObject({ chosenStep: 'guest-info', focusHeading: true });
    const focused = checkoutReducer(moved, { type: 'headingFocused' });
    expect(focused.focusHeading).toBe(false);
    expect(checkoutReducer(focused, { type: 'headingFocused' })).toBe(focused);
    expect(checkoutReducer(focused, { type: 'go', step: 'guest-info', from: 'guest-info' }).focusHeading).toBe(false);
  });

  it('keeps the shipping details sent and starts each payment set-up without the last error', () => {
    const shipping = emptyShippingForm(true);
    const failed = run(
      { type: 'paymentStarted', shipping, from: 'guest-info' },
      { type: 'paymentSetupFailed', message: 'The price of this item changed' },
    );
    expect(failed).toMatchObject({ chosenStep: 'payment', shipping, setupError: 'The price of this item changed' });
    expect(checkoutReducer(failed, { type: 'paymentStarted', shipping, from: 'payment' }).setupError).toBeNull();
  });

  it('reloads when the buyer signs in on the account step (spec section 4)', () => {
    const seen = run({ type: 'userKnown', signedIn: false });
    expect(seen.signedOutAtAuth).toBe(true);
    expect(checkoutReducer(seen, { type: 'userKnown', signedIn: true })).toMatchObject({ reload: true });
  });

  it('does not reload a buyer who was signed in from the start or had moved past the account step', () => {
    expect(run({ type: 'userKnown', signedIn: true }).reload).toBe(false);
    const asGuest = run(
      { type: 'userKnown', signedIn: false },
      { type: 'go', step: 'guest-info', from: 'auth' },
      { type: 'userKnown', signedIn: true },
    );
    expect(asGuest.reload).toBe(false);
  });
});
