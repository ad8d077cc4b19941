import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import type { ConversationDto, UserSummaryDto } from '@souvenir/contracts';
import { useGetProductQuery } from '../../../api/catalogApi';
import { useGetThreadQuery } from '../../../api/messagesApi';
import { useGetUserQuery } from '../../../api/usersApi';
import { fullName, otherParty } from '../conversationParty';
import { useNow } from '../hooks/useNow';
import { useReadArrivals } from '../hooks/useReadArrivals';
import { THREAD_POLL_MS } from '../polling';
import { useLivePolling } from '../../live/liveStatus';
import { MessageBubble } from './MessageBubble';
import { MessageComposer } from './MessageComposer';
import { PaneMessage } from './PaneMessage';
import { ThreadHeader } from './ThreadHeader';
import { ThreadOffers } from './ThreadOffers';
import { ThreadReservation } from './ThreadReservation';

interface Props {
  otherUserId: string;
  productId: string;
  conversation?: ConversationDto;
  meId: string;
  onBack: () => void;
}

/** The open thread, polled every 5 s (and read at once when the list shows a message it lacks), with its composer. */
export function ThreadPane({ otherUserId, productId, conversation, meId, onBack }: Props) {
  const threadPoll = useLivePolling(THREAD_POLL_MS);
  const thread = useGetThreadQuery(
    { otherUserId, productId },
    { pollingInterval: threadPoll, skipPollingIfUnfocused: false, refetchOnMountOrArgChange: true },
  );
  const now = useNow();
  const messages = thread.data;
  const known = conversation ?? messages?.[0];
  useReadArrivals(conversation, messages, thread.refetch);

  // A thread that has no message yet (a buyer's first contact) takes its names from the user and product.
  const user = useGetUserQuery(otherUserId, { skip: Boolean(known) });
  const product = useGetProductQuery(productId, { skip: Boolean(known) });
  const other: UserSummaryDto | undefined = known ? otherParty(known, meId) : user.data;
  const productSummary =
    known?.product ?? (product.data ? { id: product.data.id, title: product.data.title } : undefined);

  const listRef = useRef<HTMLDivElement>(null);
  const lastId = messages?.[messages.length - 1]?.id;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId, otherUserId, productId]);

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <ThreadHeader other={other} product={productSummary} onBack={onBack} />
      <ThreadReservation productId={productId} meId={meId} other={other} />
      <ThreadOffers productId={productId} otherUserId={otherUserId} now={now} />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {thread.isError && !messages && (
          <Alert severity="error" sx={{ m: 2 }}>
            Failed to fetch messages
          </Alert>
        )}
        {thread.isLoading ? (
          <Box sx={{ m: 'auto' }}>
            <CircularProgress aria-label="Loading messages" />
          </Box>
        ) : messages?.length ? (
          // The log (new messages are announced) wraps the list: a role on the <ul> itself would take away its list
          // semantics, leaving each message an <li> outside any list.
          <Box
            ref={listRef}
            role="log"
            aria-label={other ? `Messages with ${fullName(other)}` : 'Messages'}
            tabIndex={0}
            sx={{ flex: 1, overflowY: 'auto', p: 2 }}
          >
            <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
              {messages.map((message) => (
                <MessageBubble key={message.id} message={message} mine={message.fromUserId === meId} now={now} />
              ))}
            </Stack>
          </Box>
        ) : (
          !thread.isError && (
            <PaneMessage
              icon={<ChatOutlined />}
              title="No messages yet"
              text={
                other && productSummary
                  ? `Say hello to ${other.firstName} about “${productSummary.title}”.`
                  : 'Write the first message below.'
              }
            />
          )
        )}
      </Box>
      <MessageComposer
        key={`${otherUserId}:${productId}`}
        toUserId={otherUserId}
        productId={productId}
        recipientName={other?.firstName}
      />
    </Stack>
  );
}
