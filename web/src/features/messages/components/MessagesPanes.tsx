import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetConversationsInfiniteQuery } from '../../../api/messagesApi';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { conversationKey } from '../conversationParty';
import { useConversationSelection } from '../hooks/useConversationSelection';
import { CONVERSATIONS_POLL_MS } from '../polling';
import { useLivePolling } from '../../live/liveStatus';
import { ConversationList } from './ConversationList';
import { PaneMessage } from './PaneMessage';
import { SelectionHint } from './SelectionHint';
import { ThreadPane } from './ThreadPane';

const SEARCH_DEBOUNCE_MS = 300;
const PANE_HEIGHT = 600;

/** The two panes; on small screens one at a time (the list, or the thread with a back button). */
export function MessagesPanes({ meId }: { meId: string }) {
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The list keeps polling while the tab is in the background (spec section 4); every loaded page is polled. While
  // the live stream is open it pushes every change instead, and polling pauses.
  const conversationsPoll = useLivePolling(CONVERSATIONS_POLL_MS);
  const conversations = useGetConversationsInfiniteQuery(
    { search: searched },
    { pollingInterval: conversationsPoll, skipPollingIfUnfocused: false, refetchOnMountOrArgChange: true },
  );
  const items = useMemo(() => conversations.data?.pages.flatMap((page) => page.items), [conversations.data]);
  const { loadMore, isLoadingMore } = useLoadMore(conversations);
  const { selection, hasTarget, select, clear } = useConversationSelection(items, meId, {
    hasMore: Boolean(conversations.hasNextPage),
    isLoadingMore,
    loadMore,
  });
  const selectedKey = selection.kind === 'thread' ? conversationKey(selection.otherUserId, selection.productId) : null;
  const paneSx = { height: PANE_HEIGHT, display: 'flex', flexDirection: 'column' as const, overflow: 'hidden' };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
        Messages
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '360px 1fr' } }}>
        <Card
          component="section"
          aria-label="Conversations"
          sx={{ ...paneSx, display: { xs: hasTarget ? 'none' : 'flex', md: 'flex' } }}
        >
          <ConversationList
            conversations={items}
            search={search}
            searched={searched}
            onSearchChange={setSearch}
            isLoading={conversations.isLoading}
            isFetching={conversations.isFetching}
            hasMore={Boolean(conversations.hasNextPage)}
            isLoadingMore={isLoadingMore}
            onLoadMore={loadMore}
            error={conversations.isError ? asApiError(conversations.error)?.message : undefined}
            meId={meId}
            selectedKey={selectedKey}
            onSelect={select}
            onRefresh={() => void conversations.refetch()}
          />
        </Card>
        <Card
          component="section"
          aria-label="Conversation"
          sx={{ ...paneSx, display: { xs: hasTarget ? 'flex' : 'none', md: 'flex' } }}
        >
          {selection.kind === 'thread' ? (
            <ThreadPane
              key={selectedKey}
              otherUserId={selection.otherUserId}
              productId={selection.productId}
              conversation={selection.conversation}
              meId={meId}
              onBack={clear}
            />
          ) : selection.kind === 'loading' ? (
            <Box sx={{ m: 'auto' }}>
              <CircularProgress aria-label="Loading conversation" />
            </Box>
          ) : selection.kind === 'hint' ? (
            <SelectionHint reason={selection.reason} userId={selection.userId} onBack={clear} />
          ) : (
            <PaneMessage
              icon={<ForumOutlined />}
              title="Select a conversation"
              text="Choose a conversation on the left to read and reply."
              action={
                !conversations.isLoading && !searched && !items?.length ? (
                  <Button component={RouterLink} to="/" variant="outlined">
                    Browse Souvenirs
                  </Button>
                ) : undefined
              }
            />
          )}
        </Card>
      </Box>
    </Container>
  );
}
