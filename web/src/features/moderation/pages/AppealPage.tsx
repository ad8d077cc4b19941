import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from '@souvenir/contracts';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { useAppealReportMutation } from '../moderationApi';

/**
 * /appeals/:reportId, the link of the bell notification and mail that told someone support hid their content: they
 * may appeal once, and support reads it in the moderation queue beside the decision.
 */
export default function AppealPage() {
  const { reportId = '' } = useParams();
  const [appeal, { isLoading, isSuccess }] = useAppealReportMutation();
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const error = tried && !message.trim() ? MODERATION_MESSAGES.appeal : undefined;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!message.trim()) return;
    try {
      await appeal({ reportId, message: message.trim() }).unwrap();
      toast({ title: 'Appeal sent', description: 'Support will look at the decision again.' });
    } catch (e) {
      toast({ title: 'Could not send the appeal', description: asApiError(e)?.serverMessage, variant: 'error' });
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h2" component="h1">
        Appeal a decision
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        Support told you why they hid your content (see your notifications). If you think it is a mistake, tell them
        what they should know. You can appeal once.
      </Typography>
      {isSuccess ? (
        <Alert severity="success">Your appeal was sent. Support will look at the decision again.</Alert>
      ) : (
        <Card component="form" noValidate onSubmit={(e) => void send(e)} sx={{ p: { xs: 2, sm: 3 } }}>
          <TextField
            label="Your appeal"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? `${message.length}/${MODERATION_LIMITS.appealMax}`}
            multiline
            minRows={4}
            fullWidth
            required
            slotProps={{ htmlInput: { maxLength: MODERATION_LIMITS.appealMax } }}
          />
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: 2 }}>
            Send Appeal
          </Button>
        </Card>
      )}
    </Container>
  );
}
