import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import type { ConversationDto } from '@souvenir/contracts';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { conversationKey, otherParty } from '../conversationParty';
import { useNow } from '../hooks/useNow';
import { ConversationListItem } from './ConversationListItem';
import { PaneMessage } from './PaneMessage';

interface Props {
  /** The conversations loaded so far (the pages of the current search). */
  conversations: ConversationDto[] | undefined;
  /** What is typed in the search box, and the search the shown conversations answer (set once typing pauses). */
  search: string;
  searched: string;
  onSearchChange: (search: string) => void;
  isLoading: boolean;
  isFetching: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  error?: string;
  meId: string;
  selectedKey: string | null;
  onSelect: (conversation: ConversationDto) => void;
  onRefresh: () => void;
}

/**
 * The searchable conversation list (by the other person's name, product title or message; the server searches all
 * of the caller's conversations), newest first, a page at a time.
 */
export function ConversationList({
  conversations,
  search,
  searched,
  onSearchChange,
  isLoading,
  isFetching,
  hasMore,
  isLoadingMore,
  onLoadMore,
  error,
  meId,
  selectedKey,
  onSelect,
  onRefresh,
}: Props) {
  const now = useNow();

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ p: 2, pb: 1.5, alignItems: 'center', borderBottom: '1px solid', borderColor: 'divider' }}
      >
        <TextField
          size="small"
          type="search"
          placeholder="Search conversations..."
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search conversations' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
              sx: { borderRadius: 999, bgcolor: 'background.default' },
            },
          }}
        />
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh conversations" onClick={onRefresh} disabled={isFetching}>
              <RefreshRounded
                sx={{
                  animation: isFetching ? 'spin 1s linear infinite' : 'none',
                  '@keyframes spin': { to: { transform: 'rotate(360deg)' } },
                }}
              />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {error && (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {error}
          </Alert>
        )}
        {isLoading ? (
          <Stack spacing={2} sx={{ p: 2 }} aria-busy="true" aria-label="Loading conversations">
            {Array.from({ length: 5 }, (_, i) => (
              <Stack key={i} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Skeleton variant="circular" width={44} height={44} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="90%" />
                </Box>
              </Stack>
            ))}
          </Stack>
        ) : !conversations?.length ? (
          error ? null : searched ? (
            <PaneMessage
              icon={<SearchOffRounded />}
              title="No conversations found"
              text="Try another name, product or word."
            />
          ) : (
            <PaneMessage
              icon={<ForumOutlined />}
              title="No conversations yet"
              text="Message a seller from any product page to start one."
            />
          )
        ) : (
          <>
            <List disablePadding aria-label="Conversations">
              {conversations.map((conversation) => {
                const key = conversationKey(otherParty(conversation, meId).id, conversation.productId);
                return (
                  <ConversationListItem
                    key={key}
                    conversation={conversation}
                    meId={meId}
                    selected={key === selectedKey}
                    now={now}
                    onSelect={onSelect}
                  />
                );
              })}
            </List>
            {hasMore && (
              <LoadMoreButton compact label="Load older conversations" isLoading={isLoadingMore} onClick={onLoadMore} />
            )}
          </>
        )}
      </Box>
    </Stack>
  );
}
