import { useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendRounded from '@mui/icons-material/SendRounded';
import { LIMITS, type OrderMessageDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useGetOrderMessagesInfiniteQuery, useSendOrderMessageMutation } from '../../../api/orderMessagesApi';
import { relativeTime } from '../../../utils/time';
import { useNow } from '../../messages/hooks/useNow';
import { useLoadMore } from '../../../hooks/useLoadMore';

/** The id the order page's "Message Buyer" / "Message Seller" button links to. */
export const ORDER_MESSAGES_ID = 'order-messages';
export const ORDER_MESSAGE_INPUT_ID = 'order-message-input';

interface Props {
  /** The order id (a member) or the guest's private token. */
  orderRef: string;
  viewer: 'buyer' | 'seller' | 'support';
  /** Render nothing unless something was written (a member's order: members talk in Messages). */
  hideWhenEmpty?: boolean;
}

function Bubble({ message, now }: { message: OrderMessageDto; now: Date }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: message.mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}
    >
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '75%' },
          px: 1.75,
          py: 1,
          borderRadius: 3,
          bgcolor: message.mine ? 'primary.main' : 'brand.clay',
          color: message.mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography variant="caption" component="p" sx={{ fontWeight: 700 }}>
          {message.mine ? 'You' : message.authorName}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</Typography>
        <Typography
          variant="caption"
          component="time"
          dateTime={message.createdAt}
          title={new Date(message.createdAt).toLocaleString()}
          sx={{ display: 'block', textAlign: 'right' }}
        >
          {relativeTime(message.createdAt, now)}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The conversation kept on an order between its buyer and seller, newest last: how a guest buyer (who has no
 * account, so no Messages) and the seller reach each other. A member's page is refreshed by their live events.
 */
export function OrderMessagesCard({ orderRef, viewer, hideWhenEmpty = false }: Props) {
  const thread = useGetOrderMessagesInfiniteQuery(orderRef, { refetchOnMountOrArgChange: true });
  const { data, isLoading, isError, hasNextPage } = thread;
  const more = useLoadMore(thread);
  const [send, { isLoading: sending }] = useSendOrderMessageMutation();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const now = useNow(60_000);
  const canWrite = viewer !== 'support';
  const other = viewer === 'seller' ? 'buyer' : 'seller';
  const messages = data ? [...data.pages].reverse().flatMap((page) => page.items) : [];

  if (hideWhenEmpty && !messages.length) return null;

  const submit = async () => {
    const text = content.trim();
    if (!text || sending) return;
    setError(null);
    try {
      await send({ ref: orderRef, content: text }).unwrap();
      setContent('');
    } catch (failure) {
      setError(asApiError(failure)?.message ?? 'Your message could not be sent. Please try again.');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Card
      component="section"
      id={ORDER_MESSAGES_ID}
      aria-label="Messages"
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 96 }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Messages
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={80} />
      ) : isError ? (
        <Alert severity="error">The messages could not be loaded.</Alert>
      ) : (
        <>
          {hasNextPage && (
            <Button onClick={more.loadMore} disabled={more.isLoadingMore} sx={{ mb: 1 }}>
              Show earlier messages
            </Button>
          )}
          {messages.length ? (
            <Stack component="ol" spacing={1.25} sx={{ m: 0, p: 0 }} aria-label="Messages about this order">
              {messages.map((message) => (
                <Bubble key={message.id} message={message} now={now} />
              ))}
            </Stack>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>
              {canWrite ? `No messages yet. Write to the ${other} about this order.` : 'No messages on this order.'}
            </Typography>
          )}
        </>
      )}
      {canWrite && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          sx={{ mt: 2 }}
        >
          <TextField
            id={ORDER_MESSAGE_INPUT_ID}
            label={`Message to the ${other}`}
            multiline
            minRows={2}
            maxRows={6}
            fullWidth
            value={content}
            onChange={(event) => setContent(event.target.value)}
            onKeyDown={onKeyDown}
            error={Boolean(error)}
            helperText={error ?? `${content.length} / ${LIMITS.messageMax}`}
            slotProps={{ htmlInput: { maxLength: LIMITS.messageMax } }}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <Button
              type="submit"
              variant="contained"
              endIcon={<SendRounded />}
              disabled={!content.trim() || sending}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              Send
            </Button>
          </Stack>
        </Box>
      )}
    </Card>
  );
}
