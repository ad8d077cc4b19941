import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderItemDto } from '../../bundle/bundleContract';
import type { ClaimDto } from '@souvenir/contracts';
import { CLAIM_REASON_LABELS, dateTime } from '../orderText';
import { ClaimPhotos } from './ClaimPhotos';
import { ClaimReturn } from './ClaimReturn';

const STATUS_TEXT: Record<ClaimDto['status'], string> = {
  open: 'Waiting for the seller',
  escalated: 'Waiting for support',
  returning: 'Refund once the item is back',
  resolved: 'Resolved',
};

function Statement({ who, at, children }: { who: string; at: string; children: string }) {
  return (
    <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {who}{' '}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          · {dateTime(at)}
        </Typography>
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The claim: what the buyer reported (with photos), the seller's answer (with theirs) and the decision. */
export function ClaimCard({
  claim,
  headingLevel = 'h2',
  items = [],
}: {
  claim: ClaimDto;
  headingLevel?: 'h2' | 'h3';
  /** The order's items: a claim on some items of a bundle names them. */
  items?: OrderItemDto[];
}) {
  const claimed = claim.productIds?.length ? items.filter((item) => claim.productIds!.includes(item.id)) : [];
  const response = claim.sellerResponse;
  // On an order page the claim is a landmark of its own; in support's list (h3 under each order) there are many, and
  // landmarks with the same name are confusing to move between (axe: landmark-unique), so the list item groups it.
  const landmark =
    headingLevel === 'h2'
      ? ({ component: 'section', 'aria-label': 'Claim' } as const)
      : ({ component: 'div' } as const);
  return (
    <Paper
      variant="outlined"
      {...landmark}
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 2,
        borderColor: claim.status === 'resolved' ? 'divider' : 'warning.light',
      }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component={headingLevel}>
          Claim: {CLAIM_REASON_LABELS[claim.reason] ?? claim.reason}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 700 }}>
          {STATUS_TEXT[claim.status]}
        </Typography>
      </Stack>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {items.length > 1 && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {claimed.length === 0 || claimed.length === items.length
              ? `About all ${items.length} items`
              : `About ${claimed.map((item) => item.title).join(', ')}`}
          </Typography>
        )}
        <Statement who="Buyer" at={claim.openedAt}>
          {claim.description}
        </Statement>
        <ClaimPhotos photos={claim.photos} who="Buyer" />
        {response && (
          <Statement who={response.accept ? 'Seller accepted' : 'Seller'} at={response.at}>
            {response.statement ?? (response.accept ? 'Accepted the claim.' : '')}
          </Statement>
        )}
        {response && <ClaimPhotos photos={response.photos ?? []} who="Seller" />}
        <ClaimReturn claim={claim} />
        {/* While the item comes back nothing is refunded yet: ClaimReturn says what happens instead. */}
        {claim.decision && claim.status !== 'returning' && (
          <Alert severity={claim.decision.outcome === 'refund' ? 'info' : 'success'}>
            <strong>
              {claim.decision.outcome === 'refund' ? 'Refunded to the buyer' : 'Payment released to the seller'}
            </strong>
            {` by ${claim.decision.by} on ${dateTime(claim.decision.at)}: `}
            {claim.decision.reason}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
