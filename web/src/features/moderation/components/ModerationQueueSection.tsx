import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  type ModerationAction,
  type ModerationCaseDto,
  type ModerationPersonDto,
} from '@souvenir/contracts';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { useDecideReportMutation, useGetModerationQueueQuery } from '../moderationApi';

const SUBJECT_LABEL: Record<ModerationCaseDto['subjectType'], string> = {
  product: 'Listing',
  message: 'Message',
  review: 'Review',
  user: 'Member',
};

const DONE: Record<ModerationAction, { title: string; description: string }> = {
  dismiss: { title: 'Reports dismissed', description: 'Nothing changes; the reporters are not told.' },
  hide: { title: 'Content hidden', description: 'Its owner is told why and may appeal once.' },
  suspend: { title: 'Account suspended', description: 'They are signed out and their listings leave the shop.' },
};

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Who someone is to the queue: how long they have been a member and what happened before. */
function History({ person, role }: { person: ModerationPersonDto; role: 'reporter' | 'subject' }) {
  const facts = [
    person.memberSince ? `member since ${date(person.memberSince)}` : 'account gone',
    role === 'reporter'
      ? `${person.earlierReports} earlier ${person.earlierReports === 1 ? 'report' : 'reports'}`
      : `reported ${person.earlierReports} ${person.earlierReports === 1 ? 'time' : 'times'} before`,
    `${person.earlierActions} ${person.earlierActions === 1 ? 'action' : 'actions'} taken`,
    ...(person.orders
      ? [
          `${person.orders.bought} ${person.orders.bought === 1 ? 'order' : 'orders'} bought`,
          `${person.orders.sold} sold`,
        ]
      : []),
  ];
  return (
    <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
      {facts.join(' · ')}
    </Typography>
  );
}

function ModerationCase({ item }: { item: ModerationCaseDto }) {
  const [decide, { isLoading }] = useDecideReportMutation();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const reasonId = useId();
  const reasonError = tried && !reason.trim() ? MODERATION_MESSAGES.decisionReason : undefined;
  const heading = `${SUBJECT_LABEL[item.subjectType]}: ${item.content.title}`;

  const act = async (action: ModerationAction) => {
    setTried(true);
    if (!reason.trim()) return;
    try {
      await decide({ reportId: item.reportId, action, reason: reason.trim() }).unwrap();
      toast(DONE[action]);
    } catch (error) {
      toast({
        title: 'Could not record the decision',
        description: asApiError(error)?.serverMessage,
        variant: 'error',
      });
    }
  };

  return (
    <Card component="li" aria-label={heading} sx={{ listStyle: 'none', p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Chip size="small" label={SUBJECT_LABEL[item.subjectType]} />
        {item.status === 'appealed' && <Chip size="small" color="warning" label="Appealed" />}
        {item.origin === 'held' && (
          <Chip size="small" color="warning" label={`Held: matched ${item.matchedKeywords.join(', ')}`} />
        )}
        {item.origin === 'shield' && (
          <Chip
            size="small"
            color="warning"
            label={`Contact details: ${item.matchedKeywords.map((found) => found.replace('-', ' ')).join(', ')}`}
          />
        )}
        {item.origin === 'velocity' && (
          <Chip size="small" color="warning" label={`New account: ${item.matchedKeywords.join(', ')}`} />
        )}
        {item.subject.suspended && <Chip size="small" color="error" label="Suspended" />}
      </Stack>
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {item.content.link ? (
          <Link component={RouterLink} to={item.content.link}>
            {item.content.title}
          </Link>
        ) : (
          item.content.title
        )}
      </Typography>
      {item.content.text && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{item.content.text}</Typography>
      )}
      <Box sx={{ mt: 1.5 }}>
        <Typography variant="body2" component="p">
          Belongs to{' '}
          <Link component={RouterLink} to={`/profile/${item.subject.id}`}>
            {item.subject.name}
          </Link>
          {': '}
          <History person={item.subject} role="subject" />
        </Typography>
      </Box>
      {item.appeal && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            Appeal against &ldquo;{item.appeal.action}&rdquo; ({item.appeal.reason})
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {item.appeal.message}
          </Typography>
        </Alert>
      )}
      {item.reports.length > 0 && (
        <Box sx={{ mt: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
          <Typography variant="subtitle2" component="p">
            {item.reports.length === 1 ? '1 open report' : `${item.reports.length} open reports`}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }} aria-label="Reports">
            {item.reports.map((report) => (
              <Box component="li" key={report.id}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {REPORT_REASONS[report.reason]} · {date(report.createdAt)}
                </Typography>
                {report.details && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {report.details}
                  </Typography>
                )}
                <Typography variant="body2">
                  By {report.reporter.name}: <History person={report.reporter} role="reporter" />
                </Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      <TextField
        id={reasonId}
        label="Reason the member will read"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(reasonError)}
        helperText={reasonError ?? `${reason.length}/${MODERATION_LIMITS.decisionReasonMax}`}
        multiline
        minRows={2}
        fullWidth
        required
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: MODERATION_LIMITS.decisionReasonMax } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="outlined" disabled={isLoading} onClick={() => void act('dismiss')}>
          Dismiss
        </Button>
        <Button variant="contained" color="warning" disabled={isLoading} onClick={() => void act('hide')}>
          Hide Content
        </Button>
        <Button variant="contained" color="error" disabled={isLoading} onClick={() => void act('suspend')}>
          Suspend Member
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Support's moderation queue: one card per reported subject (or appeal), oldest first, with what it looked like when
 * reported, its reports and both sides' history; each decision needs a reason its owner will read.
 */
export function ModerationQueueSection() {
  const queue = useGetModerationQueueQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = queue.data?.items;
  return (
    <Box component="section" aria-labelledby="moderation-heading">
      <Typography id="moderation-heading" variant="h2" component="h1">
        Reports
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        Listings, messages, reviews and members that people reported, oldest first. A report hides nothing by itself:
        dismiss it, hide the content, or suspend the member, with a reason they will read.
      </Typography>
      {queue.isError ? (
        <Alert severity="error">{asApiError(queue.error)?.message ?? 'An error occurred'}</Alert>
      ) : !items ? (
        <Skeleton variant="rounded" height={200} sx={{ borderRadius: 4 }} aria-label="Loading reports" />
      ) : items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Nothing waiting. Reports will show here.</Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label="Reported">
          {items.map((item) => (
            <ModerationCase key={`${item.subjectType}:${item.subjectId}`} item={item} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
