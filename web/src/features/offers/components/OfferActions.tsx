import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { OfferAction, OfferDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { formatMoney } from '../../../utils/money';
import { useActOnOfferMutation } from '../offersApi';
import { isBundleOffer, offerItems, offerPayPath, offerPrice, offerSubject } from '../offerText';
import { OfferAmountDialog } from './OfferAmountDialog';

const ACTION_LABELS: Record<OfferAction, string> = {
  accept: 'Accept',
  decline: 'Decline',
  counter: 'Counter',
  withdraw: 'Withdraw',
};

/**
 * Exactly the offer's `actions` as buttons (Pay for its buyer once accepted; Counter opens the amount's dialog): the
 * Offers page's cards and the conversation's offer show the same ones. A bundle's counter is bounded by the bundle's
 * price, as the server bounds it.
 */
export function OfferActions({ offer }: { offer: OfferDto }) {
  const [act, { isLoading }] = useActOnOfferMutation();
  const [countering, setCountering] = useState(false);
  const [counterError, setCounterError] = useState<string | null>(null);
  const toast = useToast();

  const run = async (action: OfferAction, amount?: string) => {
    try {
      await act({ id: offer.id, action, ...(amount ? { amount } : {}) }).unwrap();
      setCountering(false);
    } catch (error) {
      const apiError = asApiError(error);
      if (action === 'counter' && apiError?.status === 400) setCounterError(apiError.serverMessage);
      else {
        setCountering(false);
        toast({ title: 'Error', description: apiError?.serverMessage ?? 'An error occurred', variant: 'error' });
      }
    }
  };

  if (!offer.actions.length) return null;
  const subject = offerSubject(offer);
  const price = offerPrice(offer);
  const what = isBundleOffer(offer)
    ? `the bundle of ${offerItems(offer).length} items (${subject}, bundle price ${formatMoney(price)})`
    : `${offer.product.title} (listed at ${formatMoney(price)})`;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {offer.actions.includes('pay') && (
          <Button component={RouterLink} to={offerPayPath(offer)} variant="contained" size="small">
            Pay {formatMoney(offer.amount)}
          </Button>
        )}
        {offer.actions
          .filter((action): action is OfferAction => action !== 'pay')
          .map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'accept' ? 'contained' : 'outlined'}
              color={action === 'decline' || action === 'withdraw' ? 'inherit' : 'primary'}
              disabled={isLoading}
              aria-label={`${ACTION_LABELS[action]} the offer on ${subject}`}
              onClick={() => {
                if (action !== 'counter') return void run(action);
                setCounterError(null);
                setCountering(true);
              }}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
      </Stack>
      <OfferAmountDialog
        open={countering}
        title="Counter-offer"
        price={price}
        description={`${offer.buyer.firstName} offers ${formatMoney(offer.amount)} for ${what}. Propose your amount; they have 48 hours to answer.`}
        submitLabel="Send counter-offer"
        busy={isLoading}
        serverError={counterError}
        onSubmit={(amount) => void run('counter', amount)}
        onClose={() => setCountering(false)}
      />
    </>
  );
}
