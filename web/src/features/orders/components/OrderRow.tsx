import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import type { OrderSummaryDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { ProductImage } from '../../../components/ProductImage';
import { formatMoney } from '../../../utils/money';
import { shortDate } from '../../../utils/time';
import { deadlineIsNear, deadlineText } from '../orderText';
import { OrderStatusChip } from './OrderStatusChip';
import { orderItems } from '../../bundle/bundleContract';

interface Props {
  order: OrderSummaryDto;
  side: 'purchases' | 'sales';
  now: Date;
}

/** One order in the Purchases or Sales tab: the whole row opens the order. */
export function OrderRow({ order, side, now }: Props) {
  const party = side === 'sales' ? `Sold to ${order.otherParty}` : `Bought from ${order.otherParty}`;
  const deadline = order.nextDeadline;
  const withItems = order;
  const items = orderItems(withItems);
  const refunded = withItems.refundedAmount && Number(withItems.refundedAmount) > 0 ? withItems.refundedAmount : null;
  return (
    <Card component="li" sx={{ listStyle: 'none', borderColor: order.needsAction ? 'primary.light' : undefined }}>
      <CardActionArea component={RouterLink} to={`/orders/${order.id}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box
            sx={{
              width: { xs: 64, sm: 80 },
              height: { xs: 64, sm: 80 },
              borderRadius: 2,
              overflow: 'hidden',
              flexShrink: 0,
            }}
          >
            <ProductImage src={order.product.image} alt="" />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
              <Typography
                component="h2"
                sx={{
                  fontWeight: 700,
                  fontSize: '1rem',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {items.length > 1 ? `Bundle of ${items.length} items` : order.product.title}
              </Typography>
              <Typography sx={{ fontWeight: 800, flexShrink: 0 }}>{formatMoney(order.amount)}</Typography>
            </Stack>
            {items.length > 1 && (
              <Typography
                variant="body2"
                sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {items.map((item) => item.title).join(' · ')}
              </Typography>
            )}
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {party} · {shortDate(order.createdAt)}
            </Typography>
            <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <OrderStatusChip status={order.status} />
              {withItems.discount && Number(withItems.discount) > 0 && (
                <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 700 }}>
                  Saved {formatMoney(withItems.discount)}
                </Typography>
              )}
              {refunded && (
                <Typography variant="body2" sx={{ color: 'info.dark', fontWeight: 700 }}>
                  {formatMoney(refunded)} refunded
                </Typography>
              )}
              {order.needsAction && (
                <Chip
                  icon={<NotificationsActiveOutlined />}
                  label="Needs your action"
                  size="small"
                  variant="outlined"
                  sx={{
                    fontWeight: 700,
                    color: 'tint.action.fg',
                    borderColor: 'primary.light',
                    '& .MuiChip-icon': { color: 'tint.action.fg' },
                  }}
                />
              )}
              {deadline && (
                <Typography
                  variant="body2"
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 0.5,
                    color: deadlineIsNear(deadline, now) ? 'tint.action.fg' : 'text.secondary',
                    fontWeight: deadlineIsNear(deadline, now) ? 700 : 400,
                  }}
                >
                  <ScheduleRounded sx={{ fontSize: 16 }} aria-hidden />
                  {deadlineText(deadline, now)}
                </Typography>
              )}
            </Stack>
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** The shape of rows while the first page loads. */
export function OrderRowSkeleton() {
  return (
    <Card component="li" sx={{ listStyle: 'none', p: 2 }} aria-hidden>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Skeleton variant="rounded" width={80} height={80} sx={{ flexShrink: 0 }} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="60%" height={28} />
          <Skeleton width="40%" />
          <Skeleton variant="rounded" width={120} height={24} sx={{ mt: 1 }} />
        </Box>
      </Stack>
    </Card>
  );
}
