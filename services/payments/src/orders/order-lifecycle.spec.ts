import { ErrorCode } from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { allowedActions, checkAction, needsAction, type OrderState } from './order-lifecycle';

const state = (s: Partial<OrderState>): OrderState => ({
  status: 'paid',
  claimStatus: null,
  returnSent: false,
  cancelRequested: false,
  claimWindowOpen: false,
  ...s,
});
const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as DomainError).code;
  }
};

describe('the order state machine', () => {
  it.each([
    [state({}), 'seller', ['ship', 'cancel']],
    [state({}), 'buyer', ['requestCancel']],
    [state({ cancelRequested: true }), 'buyer', []],
    [state({ status: 'shipped' }), 'buyer', ['markDelivered', 'openClaim']],
    [state({ status: 'shipped' }), 'seller', ['markDelivered']],
    [state({ status: 'delivered', claimWindowOpen: true }), 'buyer', ['confirm', 'openClaim']],
    [state({ status: 'delivered', claimWindowOpen: false }), 'buyer', ['confirm']],
    [state({ status: 'disputed', claimStatus: 'open' }), 'seller', ['respondToClaim']],
    [state({ status: 'disputed', claimStatus: 'open' }), 'support', ['decideClaim']],
    [state({ status: 'disputed', claimStatus: 'escalated' }), 'seller', []],
    [state({ status: 'disputed', claimStatus: 'escalated' }), 'support', ['decideClaim']],
    [state({ status: 'completed' }), 'buyer', []],
    [state({ status: 'refunded', claimStatus: 'resolved' }), 'support', []],
  ] as const)('%o: the %s may %o', (s, viewer, actions) => {
    expect(allowedActions(s, viewer)).toEqual(actions);
  });

  it("answers 403 for the other party's action and 409 with a sentence when not possible now", () => {
    expect(codeOf(() => checkAction('ship', state({}), 'buyer'))).toBe(ErrorCode.Forbidden);
    expect(codeOf(() => checkAction('confirm', state({ status: 'shipped' }), 'seller'))).toBe(ErrorCode.Forbidden);
    expect(codeOf(() => checkAction('decideClaim', state({ status: 'disputed', claimStatus: 'open' }), 'buyer'))).toBe(
      ErrorCode.Forbidden,
    );
    expect(codeOf(() => checkAction('ship', state({ status: 'cancelled' }), 'seller'))).toBe(ErrorCode.Conflict);
    expect(() => checkAction('openClaim', state({ status: 'delivered' }), 'buyer')).toThrow(
      'The time to open a claim has passed',
    );
    expect(codeOf(() => checkAction('ship', state({}), 'seller'))).toBeNull();
  });

  it('says who has something to do', () => {
    expect(needsAction(state({}), 'seller')).toBe(true);
    expect(needsAction(state({ status: 'shipped' }), 'seller')).toBe(false);
    expect(needsAction(state({ status: 'delivered' }), 'buyer')).toBe(true);
    expect(needsAction(state({ status: 'disputed', claimStatus: 'escalated' }), 'seller')).toBe(false);
    expect(needsAction(state({ status: 'disputed', claimStatus: 'escalated' }), 'support')).toBe(true);
  });
});
