import { useState, type KeyboardEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendRounded from '@mui/icons-material/SendRounded';
import { LIMITS } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useSendMessageMutation } from '../../../api/messagesApi';
import { useToast } from '../../../hooks/useToast';

interface Props {
  toUserId: string;
  productId: string;
  recipientName?: string;
}

/** The thread's composer: Enter sends, Shift+Enter starts a new line; clears once sent. */
export function MessageComposer({ toUserId, productId, recipientName }: Props) {
  const [content, setContent] = useState('');
  const [sendMessage, { isLoading }] = useSendMessageMutation();
  const toast = useToast();
  const canSend = content.trim().length > 0 && !isLoading;

  const send = async () => {
    if (!canSend) return;
    try {
      await sendMessage({ toUserId, productId, content: content.trim() }).unwrap();
      setContent('');
    } catch (error) {
      toast({
        title: 'Failed to send message',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      sx={{ p: 1.5, alignItems: 'flex-end', borderTop: '1px solid', borderColor: 'divider' }}
    >
      <TextField
        multiline
        maxRows={5}
        size="small"
        placeholder={recipientName ? `Message ${recipientName}...` : 'Type a message...'}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={onKeyDown}
        slotProps={{ htmlInput: { 'aria-label': 'Message', maxLength: LIMITS.messageMax } }}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label="Send message"
        disabled={!canSend}
        sx={{
          bgcolor: canSend ? 'primary.main' : undefined,
          color: canSend ? 'common.white' : undefined,
          '&:hover': { bgcolor: 'primary.dark' },
        }}
      >
        <SendRounded />
      </IconButton>
    </Stack>
  );
}
