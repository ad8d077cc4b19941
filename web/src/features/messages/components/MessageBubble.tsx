import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import DoneRounded from '@mui/icons-material/DoneRounded';
import type { MessageDto } from '@souvenir/contracts';
import { relativeTime } from '../../../utils/time';
import { ReportButton } from '../../moderation/components/ReportButton';
import { ShieldWarning } from '../../safety/components/ShieldWarning';

interface Props {
  message: MessageDto;
  mine: boolean;
  now: Date;
}

/** A message: mine on the right with a read mark, theirs on the left with Report under it. */
export function MessageBubble({ message, mine, now }: Props) {
  const reportable = !mine && message.kind !== 'system' && message.kind !== 'offer';
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
        listStyle: 'none',
      }}
    >
      <Box
        data-mine={mine || undefined}
        sx={{
          maxWidth: { xs: '85%', sm: '70%' },
          px: 1.75,
          py: 1,
          borderRadius: 3,
          borderBottomRightRadius: mine ? 6 : undefined,
          borderBottomLeftRadius: mine ? undefined : 6,
          bgcolor: mine ? 'primary.main' : 'brand.clay',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        {message.kind === 'automatic' && (
          // Away mode's reply, sent for its author: said before its words, so nobody takes it for a live answer.
          <Typography variant="caption" component="p" sx={{ fontWeight: 700 }}>
            Automatic reply
          </Typography>
        )}
        {message.kind === 'offer' && (
          // A step of an offer, recorded by the site in the name of who took it.
          <Typography variant="caption" component="p" sx={{ fontWeight: 700 }}>
            Offer
          </Typography>
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</Typography>
        <Stack
          direction="row"
          spacing={0.5}
          // Muted on their bubble only: on mine (white on terracotta) 80 % opacity fell to 3.86:1, under AA's 4.5:1.
          sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25, opacity: mine ? 1 : 0.8 }}
        >
          <Typography
            variant="caption"
            component="time"
            dateTime={message.createdAt}
            title={new Date(message.createdAt).toLocaleString()}
          >
            {relativeTime(message.createdAt, now)}
          </Typography>
          {mine &&
            (message.isRead ? (
              <DoneAllRounded sx={{ fontSize: 16 }} titleAccess="Read" />
            ) : (
              <DoneRounded sx={{ fontSize: 16 }} titleAccess="Sent" />
            ))}
        </Stack>
      </Box>
      {reportable && (
        <ReportButton
          subjectType="message"
          subjectId={message.id}
          subjectLabel={`${message.fromUser.firstName}’s message`}
          label={`Report ${message.fromUser.firstName}’s message`}
          size="small"
        />
      )}
      {message.flags?.includes('contact-details') && <ShieldWarning mine={mine} />}
    </Box>
  );
}
