import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { closeAuthDialog, openAuthDialog } from '../authDialogSlice';
import { JoinDialog } from './JoinDialog';
import { SignInDialog } from './SignInDialog';

/** The Sign In and Join dialogs, which can switch to each other. */
export default function AuthDialogs() {
  const open = useAppSelector((state) => state.authDialog.open);
  const dispatch = useAppDispatch();
  const close = () => dispatch(closeAuthDialog());
  return (
    <>
      <SignInDialog open={open === 'signIn'} onClose={close} onSwitchToJoin={() => dispatch(openAuthDialog('join'))} />
      <JoinDialog open={open === 'join'} onClose={close} onSwitchToSignIn={() => dispatch(openAuthDialog('signIn'))} />
    </>
  );
}
