import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OutlinedFlagRounded from '@mui/icons-material/OutlinedFlagRounded';
import { REVIEW_LIMITS, ReplyDto, type ReviewDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { UserAvatar } from '../../../components/UserAvatar';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';
import { useReplyToReviewMutation } from '../reviewsApi';
import { reviewDate } from '../reviewText';
import { ReportReviewDialog } from './ReportReviewDialog';

/** Text people wrote, shown as text (React escapes it; never HTML), their line breaks kept. */
export function WrittenText({ children }: { children: string }) {
  return <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}>{children}</Typography>;
}

function ReplyForm({ reviewId, onSent, onCancel }: { reviewId: string; onSent: () => void; onCancel: () => void }) {
  const [reply, { isLoading }] = useReplyToReviewMutation();
  const toast = useToast();
  const form = useDtoForm<{ text: string }>(ReplyDto, { text: '' });
  const send = async ({ text }: { text: string }) => {
    try {
      await reply({ reviewId, text }).unwrap();
      toast({ title: 'Reply posted', variant: 'success' });
      onSent();
    } catch (error) {
      toast({ title: 'Could not post the reply', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(send)} sx={{ mt: 1.5 }}>
      <TextField
        {...form.field('text')}
        label="Your public reply"
        multiline
        minRows={2}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: REVIEW_LIMITS.textMax } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" size="small" disabled={isLoading}>
          Post Reply
        </Button>
        <Button size="small" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}

interface Props {
  review: ReviewDto;
  /** The reviewed person is looking: they may reply once. */
  canReply?: boolean;
  /** The signed-in reader (null for a guest): anyone but the author may report the review. */
  viewerId?: string | null;
}

/**
 * One published review: author, stars, date, text, and the reviewed person's reply. A signed-in reader who did not
 * write it may report it to support, once.
 */
export function ReviewItem({ review, canReply = false, viewerId = null }: Props) {
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const [replying, setReplying] = useState(false);
  // Sent: the reply shows once the list is read again; no second Reply button meanwhile.
  const [sent, setSent] = useState(false);
  const author = review.author;
  const name = author ? `${author.firstName} ${author.lastName}`.trim() : 'A member';
  return (
    <Box component="article" aria-label={`Review by ${name}`} sx={{ py: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <UserAvatar
          firstName={author?.firstName ?? '?'}
          lastName={author?.lastName ?? ''}
          avatar={author?.avatar ?? null}
          size={40}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {review.authorRole === 'buyer' ? 'Bought from them' : 'Sold to them'}
            {review.publishedAt ? ` · ${reviewDate(review.publishedAt)}` : ''}
          </Typography>
        </Box>
      </Stack>
      <Rating
        value={review.rating}
        readOnly
        size="small"
        sx={{ mt: 1 }}
        aria-label={`${review.rating} out of 5 stars`}
      />
      <WrittenText>{review.text}</WrittenText>
      {review.reply && (
        <Box sx={{ mt: 1.5, ml: { xs: 1, sm: 3 }, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Reply · {reviewDate(review.reply.createdAt)}
          </Typography>
          <WrittenText>{review.reply.text}</WrittenText>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {canReply && !review.reply && !replying && !sent && (
          <Button size="small" onClick={() => setReplying(true)}>
            Reply
          </Button>
        )}
        {viewerId && viewerId !== author?.id && (
          <Button
            size="small"
            color="inherit"
            startIcon={<OutlinedFlagRounded />}
            disabled={reported}
            onClick={() => setReporting(true)}
            aria-label={reported ? `Review by ${name} reported` : `Report review by ${name}`}
            sx={{ color: 'text.secondary' }}
          >
            {reported ? 'Reported' : 'Report'}
          </Button>
        )}
      </Stack>
      {reporting && (
        <ReportReviewDialog
          reviewId={review.id}
          authorName={name}
          onClose={() => setReporting(false)}
          onReported={() => {
            setReported(true);
            setReporting(false);
          }}
        />
      )}
      {replying && (
        <ReplyForm
          reviewId={review.id}
          onSent={() => {
            setSent(true);
            setReplying(false);
          }}
          onCancel={() => setReplying(false)}
        />
      )}
    </Box>
  );
}
