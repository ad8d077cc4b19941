import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GavelRounded from '@mui/icons-material/GavelRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import type { SupportClaimDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useDecideClaimMutation, useGetOpenClaimsQuery } from '../../../api/ordersApi';
import { EmptyState } from '../../../components/EmptyState';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import { ClaimCard } from '../components/ClaimCard';
import { DecideDialog } from '../components/OrderActionDialogs';
import { orderItems } from '../../bundle/bundleContract';
import { OrderStatusChip } from '../components/OrderStatusChip';
import { useOrderAction } from '../hooks/useOrderAction';
import { dateTime } from '../orderText';

function ClaimItem({ item, onDecide }: { item: SupportClaimDto; onDecide: () => void }) {
  const { order, claim } = item;
  const buyer = `${order.buyer.firstName} ${order.buyer.lastName}`.trim() || 'Guest';
  const canDecide = order.actions.includes('decideClaim');
  return (
    <Card component="li" sx={{ listStyle: 'none', p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Box sx={{ width: 64, height: 64, borderRadius: 2, overflow: 'hidden', flexShrink: 0 }}>
          <ProductImage src={order.product.image} alt="" />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="h6"
            component="h2"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {order.product.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {buyer} bought from {order.seller.name ?? 'the seller'} · opened {dateTime(claim.openedAt)}
          </Typography>
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
          <Typography sx={{ fontWeight: 800 }}>{formatMoney(order.amount)}</Typography>
          <OrderStatusChip status={order.status} />
        </Stack>
      </Stack>
      <ClaimCard claim={claim} headingLevel="h3" items={orderItems(order)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        {canDecide && (
          <Button variant="contained" startIcon={<GavelRounded />} onClick={onDecide}>
            Decide
          </Button>
        )}
        <Button component={RouterLink} to={`/orders/${order.id}`} variant="outlined">
          Open the Order
        </Button>
      </Stack>
    </Card>
  );
}

/** /support/claims: claims waiting for support, oldest first, with the evidence and both sides; decide with a reason. */
export default function SupportPage() {
  const claims = useGetOpenClaimsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [deciding, setDeciding] = useState<SupportClaimDto | null>(null);
  const [decide, decision] = useDecideClaimMutation();
  const run = useOrderAction();

  const items = claims.data?.items;
  return (
    <>
      <Typography variant="h2" component="h1">
        Open claims
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        Oldest first. Read both sides and the evidence, then refund the buyer or release the payment.
      </Typography>
      {claims.isError ? (
        <Alert severity="error">{asApiError(claims.error)?.message ?? 'An error occurred'}</Alert>
      ) : !items ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading claims">
          {[0, 1].map((key) => (
            <Skeleton key={key} variant="rounded" height={260} sx={{ borderRadius: 4 }} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<TaskAltRounded />}
          headingLevel="h2"
          title="No open claims"
          description="Every claim has been decided. New ones appear here when a seller's 72 hours to answer have passed."
        />
      ) : (
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label="Open claims">
          {items.map((item) => (
            <ClaimItem key={item.claim.id} item={item} onDecide={() => setDeciding(item)} />
          ))}
        </Stack>
      )}
      <DecideDialog
        open={Boolean(deciding)}
        busy={decision.isLoading}
        onClose={() => setDeciding(null)}
        onSubmit={(body) =>
          deciding
            ? run(
                () => decide({ claimId: deciding.claim.id, orderRef: deciding.order.id, body }).unwrap(),
                body.outcome === 'refund'
                  ? 'Decided: the buyer is refunded'
                  : 'Decided: the payment goes to the seller',
                'Could not decide the claim',
              )
            : Promise.resolve(false)
        }
      />
    </>
  );
}
