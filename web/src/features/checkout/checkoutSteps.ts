import type { ShippingFormValues } from './components/ShippingStep';

export type CheckoutStep = 'auth' | 'guest-info' | 'payment';

/** What the checkout page remembers between renders; the step itself follows from it and from who is signed in. */
export interface CheckoutState {
  /** The step the buyer moved to; null until they move (then: auth for guests, shipping once signed in). */
  chosenStep: CheckoutStep | null;
  /** The last shipping form sent: the form opens with it again, and a payment set-up is retried with it. */
  shipping: ShippingFormValues | null;
  /** Why the payment could not be set up (shown on the payment step with a retry). */
  setupError: string | null;
  /** The buyer moved: the new step's heading takes the focus (keyboard and screen-reader users land on it). */
  focusHeading: boolean;
  /** Seen signed out on the auth step: signing in from there reloads the page (spec section 4). */
  signedOutAtAuth: boolean;
  /** Signed in from the auth step: the page reloads, and opens on the shipping step. */
  reload: boolean;
}

export type CheckoutAction =
  /** The buyer moves from the step shown (`from`) to another. */
  | { type: 'go'; step: CheckoutStep; from: CheckoutStep }
  /** The shipping form was sent: on to payment, whose set-up starts afresh. */
  | { type: 'paymentStarted'; shipping: ShippingFormValues; from: CheckoutStep }
  | { type: 'paymentSetupFailed'; message: string }
  | { type: 'headingFocused' }
  /** Who the buyer is, once known (and whenever it changes). */
  | { type: 'userKnown'; signedIn: boolean };

export const initialCheckoutState: CheckoutState = {
  chosenStep: null,
  shipping: null,
  setupError: null,
  focusHeading: false,
  signedOutAtAuth: false,
  reload: false,
};

/** The step shown: the one chosen, else the first one (signed-in buyers skip the auth step, spec section 4). */
export function currentStep(state: CheckoutState, signedIn: boolean): CheckoutStep {
  return state.chosenStep ?? (signedIn ? 'guest-info' : 'auth');
}

function moveTo(state: CheckoutState, step: CheckoutStep, from: CheckoutStep): CheckoutState {
  return { ...state, chosenStep: step, focusHeading: state.focusHeading || step !== from };
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'go':
      return moveTo(state, action.step, action.from);
    case 'paymentStarted':
      return { ...moveTo(state, 'payment', action.from), shipping: action.shipping, setupError: null };
    case 'paymentSetupFailed':
      return { ...state, setupError: action.message };
    case 'headingFocused':
      return state.focusHeading ? { ...state, focusHeading: false } : state;
    case 'userKnown': {
      // Signed in, `currentStep` already reads 'guest-info': what counts is that the buyer had not moved past auth.
      const atAuth = (state.chosenStep ?? 'auth') === 'auth';
      if (!action.signedIn) return atAuth && !state.signedOutAtAuth ? { ...state, signedOutAtAuth: true } : state;
      return state.signedOutAtAuth && atAuth ? { ...state, signedOutAtAuth: false, reload: true } : state;
    }
  }
}
