import { useState } from 'react';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { useToast } from '../../../hooks/useToast';

/**
 * A guest's private order link: the only way back to the order without an account, so it is shown in full with a
 * copy button. The token is unguessable and is not the order id.
 */
export function GuestOrderLink({ token }: { token: string }) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/orders/${encodeURIComponent(token)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: 'Link copied', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'error' });
    }
  };
  return (
    <Alert severity="info" icon={false} sx={{ textAlign: 'left', '& .MuiAlert-message': { width: '100%' } }}>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>Keep this link to follow your order</Typography>
      <TextField
        fullWidth
        size="small"
        label="Your private order link"
        value={link}
        onFocus={(event) => event.target.select()}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <IconButton edge="end" aria-label={copied ? 'Link copied' : 'Copy link'} onClick={() => void copy()}>
                  <ContentCopyRounded />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        Anyone with this link can see and act on your order, so keep it to yourself. It is also in your receipt e-mail;
        lost it? Use "Find my order" on My Orders.
      </Typography>
    </Alert>
  );
}
