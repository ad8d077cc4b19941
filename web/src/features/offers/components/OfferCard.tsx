import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import type { OfferAction, OfferDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { tintSx } from '../../../app/theme';
import { ProductImage } from '../../../components/ProductImage';
import { useToast } from '../../../hooks/useToast';
import { formatMoney } from '../../../utils/money';
import { useActOnOfferMutation } from '../offersApi';
import { OFFER_STATUS_LABELS, offerDeadlineText } from '../offerText';
import { OfferAmountDialog } from './OfferAmountDialog';

const ACTION_LABELS: Record<OfferAction, string> = {
  accept: 'Accept',
  decline: 'Decline',
  counter: 'Counter',
  withdraw: 'Withdraw',
};

/** One offer in the Offers page: the item, the two amounts, its state and deadline, and exactly its `actions`. */
export function OfferCard({ offer, now }: { offer: OfferDto; now: Date }) {
  const [act, { isLoading }] = useActOnOfferMutation();
  const [countering, setCountering] = useState(false);
  const [counterError, setCounterError] = useState<string | null>(null);
  const toast = useToast();
  const status = OFFER_STATUS_LABELS[offer.status];
  const deadline = offerDeadlineText(offer, now);
  const other = offer.role === 'buyer' ? offer.seller : offer.buyer;
  const titleId = `offer-${offer.id}-title`;

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

  const payUrl = `/checkout?product=${offer.product.id}&offer=${offer.id}&amount=${offer.amount}`;
  return (
    <Card component="li" aria-labelledby={titleId} sx={{ listStyle: 'none', p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        <Box
          sx={{
            width: { xs: 64, sm: 80 },
            height: { xs: 64, sm: 80 },
            borderRadius: 2,
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          <ProductImage src={offer.product.image ?? undefined} alt="" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography component="h2" id={titleId} sx={{ fontWeight: 700, fontSize: '1rem', minWidth: 0 }}>
              <Link component={RouterLink} to={`/product/${offer.product.id}`} color="inherit" underline="hover">
                {offer.product.title}
              </Link>
            </Typography>
            <Typography sx={{ fontWeight: 800, flexShrink: 0 }} aria-label={`Amount ${formatMoney(offer.amount)}`}>
              {formatMoney(offer.amount)}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {offer.role === 'buyer' ? `Offer to ${other.firstName}` : `Offer from ${other.firstName}`} · listed at{' '}
            {formatMoney(offer.product.price)}
            {offer.offeredAmount !== offer.amount && ` · offered ${formatMoney(offer.offeredAmount)}`}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
            <Chip size="small" label={status.label} sx={{ fontWeight: 700, ...tintSx(status.tone) }} />
            {deadline && (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                <ScheduleRounded sx={{ fontSize: 16 }} aria-hidden />
                <Typography variant="body2">{deadline}</Typography>
              </Stack>
            )}
          </Stack>
          {offer.actions.length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
              {offer.actions.includes('pay') && (
                <Button component={RouterLink} to={payUrl} variant="contained" size="small">
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
                    aria-label={`${ACTION_LABELS[action]} the offer on ${offer.product.title}`}
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
          )}
        </Box>
      </Stack>
      <OfferAmountDialog
        open={countering}
        title="Counter-offer"
        price={offer.product.price}
        description={`${offer.buyer.firstName} offers ${formatMoney(offer.amount)} for ${offer.product.title} (listed at ${formatMoney(offer.product.price)}). Propose your amount; they have 48 hours to answer.`}
        submitLabel="Send counter-offer"
        busy={isLoading}
        serverError={counterError}
        onSubmit={(amount) => void run('counter', amount)}
        onClose={() => setCountering(false)}
      />
    </Card>
  );
}

export function OfferCardSkeleton() {
  return (
    <Card component="li" sx={{ listStyle: 'none', p: 2 }}>
      <Stack direction="row" spacing={2}>
        <Skeleton variant="rounded" width={80} height={80} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="60%" />
          <Skeleton width="40%" />
          <Skeleton width={120} height={32} />
        </Box>
      </Stack>
    </Card>
  );
}
