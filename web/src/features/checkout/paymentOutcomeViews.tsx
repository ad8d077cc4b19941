import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import UndoRounded from '@mui/icons-material/UndoRounded';
import { PAYMENT_MESSAGES, type PaymentStatusDto, SOLD_STATUSES } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { GuestOrderLink } from './components/GuestOrderLink';
import type { OutcomeView } from './components/OutcomePanel';
import { ProtectionPeriod } from '../info/buyerProtection';

/** Where the success page stands: before asking, while asking, failing to ask, or what the payment's state says. */
export type Outcome = 'none' | 'confirming' | 'unconfirmed' | 'paid' | 'refunded' | 'failed' | 'processing';

/** The page's state from what this tab remembers and the reconcile call's progress and answer. */
export function outcomeOf(query: {
  hasPayment: boolean;
  isAsking: boolean;
  failed: boolean;
  payment?: Pick<PaymentStatusDto, 'status'>;
}): Outcome {
  if (!query.hasPayment) return 'none';
  if (query.isAsking) return 'confirming';
  if (query.failed || !query.payment) return 'unconfirmed';
  const { status } = query.payment;
  // The order's life after the payment: the page still says the payment succeeded, and links to the order.
  if ((SOLD_STATUSES as readonly string[]).includes(status)) return 'paid';
  if (status === 'refunded' || status === 'cancelled') return 'refunded';
  if (status === 'failed' || status === 'requires_action') return 'failed';
  return 'processing';
}

/** What a view may need: the answer, the buyer (signed in, or a guest with this tab's token) and the page's links. */
export interface OutcomeContext {
  payment?: PaymentStatusDto;
  /** The reconcile call's error, as a sentence. */
  errorMessage?: string;
  isSignedIn: boolean;
  guestToken?: string;
  itemId: string;
  /** How many items were bought: a bundle's several, or one. */
  itemCount: number;
  /** Where "Try Again" goes: the checkout of the item, or of the bundle's items. */
  checkoutPath: string;
  checkAgain: () => void;
}

const NEXT_STEPS = [
  {
    id: 'ships',
    icon: <LocalShippingOutlined />,
    title: (
      <>
        The seller ships within <ProtectionPeriod of="shipWithinDays" />
      </>
    ),
    text: 'To the delivery address you entered at checkout, with the carrier and tracking on your order page. Not shipped in time: you are refunded in full.',
  },
  {
    id: 'protection',
    icon: <ShieldOutlined />,
    title: 'Buyer protection',
    text: (
      <>
        Once it arrives you have <ProtectionPeriod of="claimWindowDays" /> to confirm or report a problem. The seller is
        paid only after that.
      </>
    ),
  },
  {
    id: 'questions',
    icon: <ChatBubbleOutlineRounded />,
    title: 'Questions?',
    text: 'Message the seller about your souvenir at any time.',
  },
];

function NextSteps() {
  return (
    <Box component="section" aria-labelledby="next-steps-heading" sx={{ textAlign: 'left' }}>
      <Typography id="next-steps-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        What happens next
      </Typography>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {NEXT_STEPS.map((next) => (
          <Stack component="li" key={next.id} direction="row" spacing={1.5}>
            <Box sx={{ color: 'primary.main', mt: '2px' }} aria-hidden>
              {next.icon}
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{next.title}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {next.text}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

const backToBrowse = (
  <Button key="browse" component={RouterLink} to="/" variant="outlined" size="large">
    Back to Browse
  </Button>
);

const checkAgainButton = (checkAgain: () => void) => (
  <Button key="check" variant="contained" size="large" startIcon={<ReplayRounded />} onClick={checkAgain}>
    Check Again
  </Button>
);

function orderLink(to: string): ReactNode {
  return (
    <Button
      key="order"
      component={RouterLink}
      to={to}
      variant="contained"
      size="large"
      startIcon={<ReceiptLongOutlined />}
    >
      View your order
    </Button>
  );
}

/** The success page's table: each state's icon, wording, item, details and buttons. */
export const OUTCOME_VIEWS: Record<Outcome, (context: OutcomeContext) => OutcomeView> = {
  none: () => ({
    icon: { glyph: <ErrorOutlineRounded />, color: 'text.secondary' },
    title: 'No payment to confirm',
    titleVariant: 'h3',
    lead: 'This page opens after you pay for an item at checkout.',
    showItem: false,
    actions: [backToBrowse],
  }),
  confirming: () => ({
    title: 'Confirming your payment...',
    titleVariant: 'h4',
    showItem: true,
    actions: [],
  }),
  unconfirmed: ({ errorMessage, checkAgain }) => ({
    icon: { glyph: <HourglassEmptyRounded />, color: 'warning.main' },
    title: 'We could not confirm your payment',
    titleVariant: 'h3',
    alert: {
      severity: 'warning',
      text: `${errorMessage ?? 'An error occurred'}. If you were charged, your order is safe: check again in a moment.`,
    },
    showItem: false,
    actions: [checkAgainButton(checkAgain), backToBrowse],
  }),
  paid: ({ payment, isSignedIn, guestToken, itemId, itemCount }) => ({
    icon: { glyph: <CheckCircleRounded />, color: 'success.main' },
    title: 'Payment Successful!',
    titleVariant: 'h2',
    lead: `Thank you for your purchase. Your order is confirmed and ${itemCount > 1 ? 'the items are' : 'the item is'} reserved for you.`,
    showItem: true,
    details: (
      <>
        <NextSteps />
        {!isSignedIn && guestToken && <GuestOrderLink token={guestToken} />}
      </>
    ),
    actions: [
      isSignedIn && orderLink(payment?.orderId ? `/orders/${payment.orderId}` : '/orders'),
      !isSignedIn && guestToken && orderLink(`/orders/${encodeURIComponent(guestToken)}`),
      <Button
        key="message"
        component={RouterLink}
        to={`/messages?product=${encodeURIComponent(itemId)}`}
        variant={isSignedIn || guestToken ? 'outlined' : 'contained'}
        size="large"
        startIcon={<ChatBubbleOutlineRounded />}
      >
        Message Seller
      </Button>,
      backToBrowse,
    ].filter(Boolean),
  }),
  refunded: ({ payment }) => ({
    icon: { glyph: <UndoRounded />, color: 'info.main' },
    title: 'Payment Refunded',
    titleVariant: 'h3',
    alert: {
      severity: 'info',
      text:
        payment?.message ||
        (payment?.status === 'cancelled'
          ? 'This order was cancelled and refunded in full.'
          : PAYMENT_MESSAGES.soldToAnotherBuyer),
    },
    showItem: true,
    actions: [backToBrowse],
  }),
  failed: ({ payment, checkoutPath }) => {
    const needsAction = payment?.status === 'requires_action';
    return {
      icon: { glyph: <ErrorOutlineRounded />, color: needsAction ? 'warning.main' : 'error.main' },
      title: needsAction ? 'Additional verification required' : 'Payment Failed',
      titleVariant: 'h3',
      alert: {
        severity: needsAction ? 'warning' : 'error',
        text: needsAction
          ? 'Your bank needs you to confirm this payment. Please return to checkout and try again.'
          : payment?.message || PAYMENT_MESSAGES.processingError,
      },
      showItem: true,
      actions: [
        <Button key="retry" component={RouterLink} to={checkoutPath} variant="contained" size="large">
          Try Again
        </Button>,
        backToBrowse,
      ],
    };
  },
  processing: ({ payment, checkAgain }) => ({
    icon: { glyph: <HourglassEmptyRounded />, color: 'warning.main' },
    title: 'Payment Processing',
    titleVariant: 'h3',
    lead: payment?.message || 'Your payment is still being processed. This usually takes a few seconds.',
    showItem: true,
    actions: [checkAgainButton(checkAgain), backToBrowse],
  }),
};
