import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConversationDto } from '@souvenir/contracts';
import { UserAvatar } from '../../../components/UserAvatar';
import { relativeTime } from '../../../utils/time';
import { fullName, otherParty } from '../conversationParty';

interface Props {
  conversation: ConversationDto;
  meId: string;
  selected: boolean;
  now: Date;
  onSelect: (conversation: ConversationDto) => void;
}

/** One conversation: the other person, the product, the latest message and its time, unread count. */
export function ConversationListItem({ conversation, meId, selected, now, onSelect }: Props) {
  const other = otherParty(conversation, meId);
  const name = fullName(other);
  const unread = conversation.unreadCount > 0;
  const mine = conversation.fromUserId === meId;
  return (
    <ListItemButton
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(conversation)}
      aria-label={`${name}, about ${conversation.product.title}${unread ? `, ${conversation.unreadCount} unread` : ''}`}
      sx={{ alignItems: 'flex-start', gap: 0.5, py: 1.5, borderRadius: 3, mx: 1, my: 0.25, '&.Mui-selected': { bgcolor: 'rgba(196,87,47,0.1)' } }}
    >
      <ListItemAvatar sx={{ minWidth: 56 }}>
        <Badge color="primary" badgeContent={conversation.unreadCount} overlap="circular" invisible={!unread}>
          <UserAvatar firstName={other.firstName} lastName={other.lastName} avatar={other.avatar} size={44} />
        </Badge>
      </ListItemAvatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography noWrap sx={{ flex: 1, fontWeight: unread ? 800 : 600 }}>
            {name}
          </Typography>
          <Typography variant="caption" sx={{ color: unread ? 'primary.main' : 'text.secondary', flexShrink: 0, fontWeight: unread ? 700 : 400 }}>
            {relativeTime(conversation.createdAt, now)}
          </Typography>
        </Stack>
        <Typography variant="caption" noWrap component="p" sx={{ color: 'secondary.main', fontWeight: 600 }}>
          {conversation.product.title}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: unread ? 'text.primary' : 'text.secondary', fontWeight: unread ? 600 : 400 }}>
          {mine ? 'You: ' : ''}
          {conversation.content}
        </Typography>
      </Box>
    </ListItemButton>
  );
}
