import type { ReactNode } from 'react';
import { describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { PAYMENT_MESSAGES } from '@souvenir/contracts';
import { MemoryRouter, useLocation } from 'react-router';
import { ToastContext, type ToastOptions } from '../../../components/toast/toastContext';
import { usePaymentOutcome } from './usePaymentOutcome';

function renderOutcome(paymentIntentId: string | undefined) {
  const toasts: ToastOptions[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ToastContext.Provider value={(toast) => toasts.push(toast)}>
      <MemoryRouter initialEntries={['/checkout?product=p1']}>{children}</MemoryRouter>
    </ToastContext.Provider>
  );
  const { result } = renderHook(() => ({ handle: usePaymentOutcome('p1', paymentIntentId), at: useLocation() }), {
    wrapper,
  });
  const handle = (status: string, message?: string) => {
    let failure: string | null = null;
    act(() => {
      failure = result.current.handle({ status, message });
    });
    return failure;
  };
  return { handle, toasts, location: () => result.current.at.pathname + result.current.at.search };
}

describe('usePaymentOutcome', () => {
  it('goes to the success page of the product when the payment succeeded', () => {
    const { handle, toasts, location } = renderOutcome('pi_1');
    expect(handle('succeeded')).toBeNull();
    expect(location()).toBe('/payment-success?product=p1');
    expect(toasts).toEqual([]);
  });

  it('stays without a payment to show', () => {
    const { handle, location } = renderOutcome(undefined);
    handle('succeeded');
    expect(location()).toBe('/checkout?product=p1');
  });

  it('returns the failure to show beside the form, with a toast', () => {
    const { handle, toasts } = renderOutcome('pi_1');
    expect(handle('failed', 'Your card was declined.')).toBe('Your card was declined.');
    expect(handle('failed')).toBe(PAYMENT_MESSAGES.processingError);
    expect(toasts.map((toast) => [toast.title, toast.variant])).toEqual([
      ['Payment Failed', 'error'],
      ['Payment Failed', 'error'],
    ]);
  });

  it('asks for verification or says the payment is processing', () => {
    const { handle, toasts, location } = renderOutcome('pi_1');
    expect(handle('requires_action')).toBeNull();
    expect(handle('processing')).toBeNull();
    expect(toasts.map((toast) => toast.title)).toEqual(['Additional verification required', 'Payment Processing']);
    expect(location()).toBe('/checkout?product=p1');
  });
});
