import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { OPEN_OFFER_STATUSES, type OfferDto } from '@souvenir/contracts';
import { tintSx } from '../../../app/theme';
import { formatMoney } from '../../../utils/money';
import { OfferActions } from '../../offers/components/OfferActions';
import { OfferItemsDisclosure } from '../../offers/components/OfferItemsDisclosure';
import { useListOffersBetweenQuery } from '../../offers/offersApi';
import {
  isBundleOffer,
  OFFER_STATUS_LABELS,
  offerDeadlineText,
  offerPriceText,
  offerSubject,
} from '../../offers/offerText';

interface Props {
  productId: string;
  otherUserId: string;
  now: Date;
}

/** Still waiting on someone: an answer, or the buyer's payment. */
function isOpen(offer: OfferDto, now: Date): boolean {
  return (OPEN_OFFER_STATUSES as readonly string[]).includes(offer.status) && new Date(offer.expiresAt) > now;
}

/**
 * Under the thread's header: the offers between the two on this item (or on a bundle it leads) that still wait on
 * someone, each with its amount, status, deadline, a bundle's items, and exactly the viewer's actions (the seller
 * answers, the buyer answers a counter, pays an accepted offer or withdraws). payments owns the offers: one read for the pair, reloaded on each pushed offer change;
 * the thread's offer notes are the record of each step.
 */
export function ThreadOffers({ productId, otherUserId, now }: Props) {
  const { data } = useListOffersBetweenQuery({ productId, otherUserId }, { refetchOnMountOrArgChange: true });
  const open = data?.filter((offer) => isOpen(offer, now)) ?? [];
  if (!open.length) return null;
  return (
    <Box
      component="section"
      aria-label="Offers"
      sx={{ borderBottom: '1px solid', borderColor: 'divider', bgcolor: 'background.default' }}
    >
      <Stack component="ul" sx={{ m: 0, p: 0 }}>
        {open.map((offer) => {
          const status = OFFER_STATUS_LABELS[offer.status];
          const deadline = offerDeadlineText(offer, now);
          const fromSeller = offer.origin === 'seller';
          const mine =
            offer.role === 'buyer'
              ? fromSeller
                ? `Offer from ${offer.seller.firstName}`
                : offer.status === 'countered'
                  ? 'Counter-offer from the seller'
                  : 'Your offer'
              : fromSeller
                ? 'Your offer'
                : offer.status === 'countered'
                  ? 'Your counter-offer'
                  : `Offer from ${offer.buyer.firstName}`;
          const bundle = isBundleOffer(offer);
          return (
            <Stack
              key={offer.id}
              component="li"
              aria-label={`${mine}${bundle ? ` for ${offerSubject(offer)}` : ''}: ${formatMoney(offer.amount)}, ${status.label}`}
              direction="row"
              useFlexGap
              spacing={1}
              sx={{ listStyle: 'none', px: { xs: 1.5, md: 2 }, py: 1, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <LocalOfferOutlined fontSize="small" aria-hidden sx={{ color: 'secondary.dark' }} />
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {mine}: {formatMoney(offer.amount)}
                  </Typography>
                  <Chip size="small" label={status.label} sx={{ fontWeight: 700, ...tintSx(status.tone) }} />
                </Stack>
                {bundle && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    For {offerSubject(offer)} · {offerPriceText(offer)}
                  </Typography>
                )}
                {deadline && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {deadline}
                  </Typography>
                )}
                {bundle && <OfferItemsDisclosure offer={offer} />}
              </Box>
              <OfferActions offer={offer} />
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
