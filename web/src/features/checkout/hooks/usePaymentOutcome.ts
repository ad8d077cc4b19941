import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PAYMENT_MESSAGES } from '@souvenir/contracts';
import { useToast } from '../../../hooks/useToast';

export interface PaymentOutcome {
  /** succeeded, requires_action, failed, or anything else the provider reports (processing, ...). */
  status: string;
  message?: string;
}

/**
 * The success page of a checkout (its key: the product's id, or a bundle's ids joined by commas): the payment itself is
 * read from this tab's storage, never from the URL.
 */
export function successPath(checkoutKey: string) {
  return checkoutKey.includes(',')
    ? `/payment-success?products=${checkoutKey.split(',').map(encodeURIComponent).join(',')}`
    : `/payment-success?product=${encodeURIComponent(checkoutKey)}`;
}

/**
 * What the checkout does with a confirmation's answer (spec section 4): succeeded goes to the success page,
 * requires_action asks for extra verification, failed shows 'Payment Failed' with the provider's message,
 * anything else 'Payment Processing'. Returns the failure message to show beside the form, if any.
 */
export function usePaymentOutcome(checkoutKey: string, paymentIntentId: string | undefined) {
  const navigate = useNavigate();
  const toast = useToast();

  return useCallback(
    (outcome: PaymentOutcome): string | null => {
      switch (outcome.status) {
        case 'succeeded':
          if (paymentIntentId) navigate(successPath(checkoutKey));
          return null;
        case 'requires_action':
          toast({
            title: 'Additional verification required',
            description: 'Your bank needs you to confirm this payment.',
            variant: 'info',
          });
          return null;
        case 'failed': {
          const message = outcome.message || PAYMENT_MESSAGES.processingError;
          toast({ title: 'Payment Failed', description: message, variant: 'error' });
          return message;
        }
        default:
          toast({
            title: 'Payment Processing',
            description: 'Your payment is being processed. We will update you when it is complete.',
            variant: 'info',
          });
          return null;
      }
    },
    [navigate, toast, checkoutKey, paymentIntentId],
  );
}
