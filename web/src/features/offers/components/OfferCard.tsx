import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import type { OfferDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { tintSx } from '../../../app/theme';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import {
  isBundleOffer,
  OFFER_STATUS_LABELS,
  offerDeadlineText,
  offerItems,
  offerPartyText,
  offerPriceText,
  offerSubject,
} from '../offerText';
import { OfferActions } from './OfferActions';
import { OfferItems } from './OfferItems';

/**
 * One offer in the Offers page: the item (or a bundle's items), the two amounts, its state and deadline, and exactly
 * its `actions`.
 */
export function OfferCard({ offer, now }: { offer: OfferDto; now: Date }) {
  const status = OFFER_STATUS_LABELS[offer.status];
  const deadline = offerDeadlineText(offer, now);
  const titleId = `offer-${offer.id}-title`;
  const bundle = isBundleOffer(offer);

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
            position: 'relative',
          }}
        >
          <ProductImage src={offer.product.image ?? undefined} alt="" />
          {bundle && (
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                right: 4,
                bottom: 4,
                px: 0.75,
                borderRadius: 1,
                fontSize: '0.75rem',
                fontWeight: 800,
                bgcolor: 'grey.900',
                color: 'common.white',
              }}
            >
              ×{offerItems(offer).length}
            </Box>
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
            <Typography component="h2" id={titleId} sx={{ fontWeight: 700, fontSize: '1rem', minWidth: 0 }}>
              {bundle ? (
                // Each item of a bundle links to its page in the list below.
                offerSubject(offer)
              ) : (
                <Link component={RouterLink} to={`/product/${offer.product.id}`} color="inherit" underline="hover">
                  {offer.product.title}
                </Link>
              )}
            </Typography>
            <Typography sx={{ fontWeight: 800, flexShrink: 0 }} aria-label={`Amount ${formatMoney(offer.amount)}`}>
              {formatMoney(offer.amount)}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {offerPartyText(offer)} · {offerPriceText(offer)}
            {offer.offeredAmount !== offer.amount && ` · offered ${formatMoney(offer.offeredAmount)}`}
          </Typography>
          {bundle && (
            <Box sx={{ mt: 1 }}>
              <OfferItems offer={offer} />
            </Box>
          )}
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
            <Box sx={{ mt: 1.5 }}>
              <OfferActions offer={offer} />
            </Box>
          )}
        </Box>
      </Stack>
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
