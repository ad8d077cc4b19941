import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useAppDispatch } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { PageLoader } from '../../../components/PageLoader';
import { openAuthDialog } from '../../auth/authDialogSlice';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { MessagesPanes } from '../components/MessagesPanes';

export default function MessagesPage() {
  const { user, isLoading } = useCurrentUser();
  const dispatch = useAppDispatch();

  if (isLoading) return <PageLoader />;
  if (!user) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <Typography variant="h2" component="h1" sx={{ textAlign: 'center', mb: 4 }}>
          Messages
        </Typography>
        <EmptyState
          headingLevel="h2"
          icon={<LockOutlined />}
          title="Please Sign In"
          description="You need to be logged in to view messages."
          action={
            <Button variant="contained" onClick={() => dispatch(openAuthDialog('signIn'))}>
              Sign In
            </Button>
          }
        />
      </Container>
    );
  }
  return <MessagesPanes meId={user.id} />;
}
