import { useMemo, useState } from 'react';
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
import { conversationKey, fullName, otherParty } from '../conversationParty';
import { useNow } from '../hooks/useNow';
import { ConversationListItem } from './ConversationListItem';
import { PaneMessage } from './PaneMessage';

interface Props {
  conversations: ConversationDto[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error?: string;
  meId: string;
  selectedKey: string | null;
  onSelect: (conversation: ConversationDto) => void;
  onRefresh: () => void;
}

/** The searchable conversation list (by the other person's name, product title or message). */
export function ConversationList({ conversations, isLoading, isFetching, error, meId, selectedKey, onSelect, onRefresh }: Props) {
  const [query, setQuery] = useState('');
  const now = useNow();
  const term = query.trim().toLowerCase();
  const shown = useMemo(
    () =>
      term
        ? conversations?.filter((c) =>
            [fullName(otherParty(c, meId)), c.product.title, c.content].some((text) => text.toLowerCase().includes(term)),
          )
        : conversations,
    [conversations, meId, term],
  );

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ p: 2, pb: 1.5, alignItems: 'center', borderBottom: '1px solid', borderColor: 'divider' }}>
        <TextField
          size="small"
          type="search"
          placeholder="Search conversations..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
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
              <RefreshRounded sx={{ animation: isFetching ? 'spin 1s linear infinite' : 'none', '@keyframes spin': { to: { transform: 'rotate(360deg)' } } }} />
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
          !error && <PaneMessage icon={<ForumOutlined />} title="No conversations yet" text="Message a seller from any product page to start one." />
        ) : !shown?.length ? (
          <PaneMessage icon={<SearchOffRounded />} title="No conversations found" text="Try another name, product or word." />
        ) : (
          <List disablePadding aria-label="Conversations">
            {shown.map((conversation) => {
              const key = conversationKey(otherParty(conversation, meId).id, conversation.productId);
              return (
                <ConversationListItem key={key} conversation={conversation} meId={meId} selected={key === selectedKey} now={now} onSelect={onSelect} />
              );
            })}
          </List>
        )}
      </Box>
    </Stack>
  );
}
