import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { Link as RouterLink } from 'react-router';
import { useGetUserQuery } from '../../../api/usersApi';
import type { Selection } from '../hooks/useConversationSelection';
import { PaneMessage } from './PaneMessage';

type Props = Pick<Extract<Selection, { kind: 'hint' }>, 'reason' | 'userId'> & { onBack: () => void };

/** Why no thread opens for the link that was followed, and what to do instead. */
export function SelectionHint({ reason, userId, onBack }: Props) {
  const user = useGetUserQuery(userId ?? '', { skip: reason !== 'pick-product' || !userId });
  const name = user.data?.firstName ?? 'this traveller';

  let content;
  if (reason === 'pick-product') {
    content = (
      <PaneMessage
        icon={<ChatOutlined />}
        title={`No conversation with ${user.data ? `${user.data.firstName} ${user.data.lastName}` : 'this traveller'} yet`}
        text={`Messages are about an item: open one of ${name}'s listings and send a message from its page.`}
        action={
          userId && (
            <Button component={RouterLink} to={`/profile/${userId}`} variant="contained">
              View {user.data ? `${user.data.firstName}'s` : 'their'} listings
            </Button>
          )
        }
      />
    );
  } else if (reason === 'no-buyers') {
    content = (
      <PaneMessage
        icon={<ChatOutlined />}
        title="No messages about this item yet"
        text="When a buyer asks about it, the conversation appears here."
      />
    );
  } else if (reason === 'self') {
    content = (
      <PaneMessage
        icon={<ChatOutlined />}
        title="You cannot message yourself"
        text="Pick a conversation with another traveller."
      />
    );
  } else {
    content = (
      <PaneMessage icon={<SearchOffRounded />} title="Product not found" text="This item may have been removed." />
    );
  }

  return (
    <Stack sx={{ height: '100%' }}>
      <Button
        startIcon={<ArrowBackRounded />}
        onClick={onBack}
        sx={{ display: { md: 'none' }, alignSelf: 'flex-start', m: 1 }}
      >
        Back to conversations
      </Button>
      {content}
    </Stack>
  );
}
