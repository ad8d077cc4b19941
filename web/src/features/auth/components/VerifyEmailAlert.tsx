import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { useResendVerificationMutation } from '../accountApi';

/** The banner's alert (VerifyEmailBanner): the address to verify, and a way to get the link again. */
export default function VerifyEmailAlert({ user }: { user: { email: string } }) {
  const [resend, { isLoading, isSuccess }] = useResendVerificationMutation();
  const toast = useToast();
  const resendLink = async () => {
    try {
      await resend().unwrap();
      toast({ title: 'Link sent', description: `We sent a new link to ${user.email}.` });
    } catch (error) {
      toast({
        title: 'Could not send the link',
        description: asApiError(error)?.serverMessage ?? 'An error occurred',
        variant: 'error',
      });
    }
  };

  return (
    <Alert
      severity="info"
      square
      role="region"
      aria-label="E-mail verification"
      action={
        <Button color="inherit" size="small" onClick={resendLink} disabled={isLoading || isSuccess}>
          {isSuccess ? 'Sent' : 'Resend link'}
        </Button>
      }
      sx={{ justifyContent: 'center', alignItems: 'center' }}
    >
      Please verify your e-mail address: we sent a link to <strong>{user.email}</strong>. Until then you can list or
      message only a few times.
    </Alert>
  );
}
