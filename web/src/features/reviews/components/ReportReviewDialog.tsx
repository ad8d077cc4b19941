import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { REVIEW_LIMITS, ReportReviewDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { useToast } from '../../../hooks/useToast';
import { useReportReviewMutation } from '../reviewsApi';

interface Props {
  reviewId: string;
  /** The review's author, named in the dialog so that the reader knows which review they report. */
  authorName: string;
  onClose: () => void;
  onReported: () => void;
}

/** Asks why a review should be looked at, and sends it to the support team. */
export function ReportReviewDialog({ reviewId, authorName, onClose, onReported }: Props) {
  const [report, { isLoading }] = useReportReviewMutation();
  const toast = useToast();
  const form = useDtoForm<{ reason: string }>(ReportReviewDto, { reason: '' });
  const send = async ({ reason }: { reason: string }) => {
    try {
      await report({ reviewId, reason }).unwrap();
      toast({ title: 'Review reported', description: 'Thank you. Our support team will look at it.' });
      onReported();
    } catch (error) {
      const problem = asApiError(error);
      toast({ title: 'Could not report the review', description: problem?.serverMessage, variant: 'error' });
      // Reported before (409): the button goes away all the same.
      if (problem?.status === 409) onReported();
    }
  };
  const length = form.values.reason.length;
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit(send)}>
        <DialogTitle>Report this review</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Tell our support team what is wrong with {authorName}&rsquo;s review. They can remove a review that breaks
            the rules; the author is not told who reported it.
          </DialogContentText>
          <TextField
            {...form.field('reason')}
            label="What is wrong with this review?"
            multiline
            minRows={3}
            fullWidth
            autoFocus
            helperText={form.errors.reason ?? `${length}/${REVIEW_LIMITS.reportReasonMax}`}
            slotProps={{ htmlInput: { maxLength: REVIEW_LIMITS.reportReasonMax } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Send Report
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
