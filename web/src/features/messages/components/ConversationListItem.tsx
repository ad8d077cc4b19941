import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConversationDto } from '@souvenir/contracts';
import { UserAvatar } from '../../../components/UserAvatar';
import { relativeTime } from '../../../utils/time';
import { fullName, otherParty } from '../conversationParty';
import { translucent } from '../../../app/theme';

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
  const when = relativeTime(conversation.createdAt, now);
  const preview = `${mine ? 'You: ' : ''}${conversation.content}`;
  // The button's name reads as its visible text does (name, time, product, latest message), so a voice-control user
  // can say what they see; the unread count, shown by the avatar's badge, is added at the end. The spaces between the
  // lines below are there for the same check (axe joins an element's texts without one; a flex row draws none).
  const label = `${name}, ${when}, ${conversation.product.title}: ${preview}${unread ? `, ${conversation.unreadCount} unread` : ''}`;
  // An <li> around the button: the list (<ul>) may only hold list items. The avatar lies over the button rather than
  // in it (clicks pass through to the button), so its initials and badge number are not words in the button's text.
  return (
    <ListItem disablePadding sx={{ position: 'relative' }}>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(conversation)}
        aria-label={label}
        sx={{
          alignItems: 'flex-start',
          py: 1.5,
          pl: 9,
          borderRadius: 3,
          mx: 1,
          my: 0.25,
          '&.Mui-selected': { bgcolor: (theme) => translucent(theme, 'primary.main', 0.1) },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography noWrap sx={{ flex: 1, fontWeight: unread ? 800 : 600 }}>
              {name}
            </Typography>{' '}
            <Typography
              variant="caption"
              sx={{ color: unread ? 'primary.main' : 'text.secondary', flexShrink: 0, fontWeight: unread ? 700 : 400 }}
            >
              {when}
            </Typography>
          </Stack>{' '}
          <Typography variant="caption" noWrap component="p" sx={{ color: 'secondary.main', fontWeight: 600 }}>
            {conversation.product.title}
          </Typography>{' '}
          <Typography
            variant="body2"
            noWrap
            sx={{ color: unread ? 'text.primary' : 'text.secondary', fontWeight: unread ? 600 : 400 }}
          >
            {preview}
          </Typography>
        </Box>
      </ListItemButton>
      <Box aria-hidden sx={{ position: 'absolute', left: 24, top: 14, pointerEvents: 'none' }}>
        <Badge color="primary" badgeContent={conversation.unreadCount} overlap="circular" invisible={!unread}>
          <UserAvatar firstName={other.firstName} lastName={other.lastName} avatar={other.avatar} size={44} />
        </Badge>
      </Box>
    </ListItem>
  );
}
