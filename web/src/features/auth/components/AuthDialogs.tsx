import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { closeAuthDialog, openAuthDialog } from '../authDialogSlice';
import { useCompleteAuthIntent } from '../hooks/useCompleteAuthIntent';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { JoinDialog } from './JoinDialog';
import { SignInDialog } from './SignInDialog';

/**
 * The Sign In and Join dialogs, which can switch to each other, and "Forgot password?" from Sign In. Once signed in, the person goes on with what they
 * were doing when a dialog was opened for them (the slice's intent: List Item leads to /sell, a heart favourites).
 */
export default function AuthDialogs() {
  const { open, intent } = useAppSelector((state) => state.authDialog);
  const dispatch = useAppDispatch();
  const completeIntent = useCompleteAuthIntent();
  const close = () => dispatch(closeAuthDialog());
  const signedIn = () => {
    close();
    if (intent) void completeIntent(intent);
  };
  return (
    <>
      <SignInDialog
        open={open === 'signIn'}
        onClose={close}
        onSignedIn={signedIn}
        onSwitchToJoin={() => dispatch(openAuthDialog('join'))}
        onForgotPassword={() => dispatch(openAuthDialog('forgotPassword'))}
      />
      <ForgotPasswordDialog
        open={open === 'forgotPassword'}
        onClose={close}
        onBackToSignIn={() => dispatch(openAuthDialog('signIn'))}
      />
      <JoinDialog
        open={open === 'join'}
        onClose={close}
        onSignedIn={signedIn}
        onSwitchToSignIn={() => dispatch(openAuthDialog('signIn'))}
      />
    </>
  );
}
