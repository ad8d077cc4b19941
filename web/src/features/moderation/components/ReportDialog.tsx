import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  type ReportReasonCode,
  type ReportSubjectType,
} from '@souvenir/contracts';
import { useState, type FormEvent } from 'react';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { useCreateReportMutation } from '../moderationApi';

const WHAT: Record<ReportSubjectType, string> = {
  product: 'listing',
  message: 'message',
  review: 'review',
  user: 'member',
};

interface Props {
  subjectType: ReportSubjectType;
  subjectId: string;
  /** Names what is reported ("Clay bull", "Ana's message"), so the reader knows what they report. */
  subjectLabel: string;
  onClose: () => void;
}

/** Why something should be looked at: one reason of the closed set, and details for support. */
export function ReportDialog({ subjectType, subjectId, subjectLabel, onClose }: Props) {
  const [report, { isLoading }] = useCreateReportMutation();
  const toast = useToast();
  const [reason, setReason] = useState<ReportReasonCode | ''>('');
  const [details, setDetails] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reasonError = submitted && !reason ? MODERATION_MESSAGES.reason : undefined;
  const what = WHAT[subjectType];

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!reason) return;
    try {
      await report({ subjectType, subjectId, reason, ...(details.trim() ? { details: details.trim() } : {}) }).unwrap();
      toast({ title: 'Report sent', description: 'Thank you. Our support team will look at it.' });
      onClose();
    } catch (error) {
      toast({ title: 'Could not send the report', description: asApiError(error)?.serverMessage, variant: 'error' });
      if (asApiError(error)?.status === 409) onClose();
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="report-title">
      <form noValidate onSubmit={(e) => void send(e)}>
        <DialogTitle id="report-title">Report this {what}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Tell our support team what is wrong with {subjectLabel}. Nothing is hidden until they have looked at it, and
            nobody is told who reported it.
          </DialogContentText>
          <FormControl error={Boolean(reasonError)} required>
            <FormLabel id="report-reason-label">Reason</FormLabel>
            <RadioGroup
              aria-labelledby="report-reason-label"
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value as ReportReasonCode)}
            >
              {(Object.entries(REPORT_REASONS) as [ReportReasonCode, string][]).map(([code, label]) => (
                <FormControlLabel key={code} value={code} control={<Radio />} label={label} />
              ))}
            </RadioGroup>
            {reasonError && <FormHelperText>{reasonError}</FormHelperText>}
          </FormControl>
          <TextField
            label="Details (optional)"
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 2 }}
            helperText={`${details.length}/${MODERATION_LIMITS.detailsMax}`}
            slotProps={{ htmlInput: { maxLength: MODERATION_LIMITS.detailsMax } }}
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
