import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendRounded from '@mui/icons-material/SendRounded';
import { LIMITS } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useSendMessageMutation } from '../../../api/messagesApi';
import { useToast } from '../../../hooks/useToast';

interface Props {
  sellerId: string;
  productId: string;
}

/** The product page's message box to the seller; cleared once the message is sent. */
export function ContactSellerForm({ sellerId, productId }: Props) {
  const [content, setContent] = useState('');
  const [sendMessage, { isLoading }] = useSendMessageMutation();
  const toast = useToast();
  const canSend = content.trim().length > 0 && !isLoading;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    try {
      await sendMessage({ toUserId: sellerId, productId, content: content.trim() }).unwrap();
      setContent('');
      toast({ title: 'Message sent successfully!', description: 'Your message has been sent to the seller' });
    } catch (error) {
      toast({
        title: 'Failed to send message',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TextField
        multiline
        minRows={3}
        placeholder="Send a message about this item..."
        value={content}
        onChange={(event) => setContent(event.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Message to the seller', maxLength: LIMITS.messageMax } }}
      />
      <Button type="submit" variant="outlined" color="secondary" startIcon={<SendRounded />} disabled={!canSend}>
        {isLoading ? 'Sending...' : 'Send Message'}
      </Button>
    </Stack>
  );
}
