import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useAppDispatch } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { openAuthDialog } from '../../auth/authDialogSlice';

/** A members-only page seen by a guest: a sign-in prompt under the page's title, and what a guest may do instead. */
export function SignInRequired({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  return (
    <Container maxWidth="sm" sx={{ py: 10 }}>
      <Typography variant="h2" component="h1" sx={{ textAlign: 'center', mb: 4 }}>
        {title}
      </Typography>
      <EmptyState
        headingLevel="h2"
        icon={<LockOutlined />}
        title="Please Sign In"
        description={description}
        action={
          <Button variant="contained" onClick={() => dispatch(openAuthDialog('signIn'))}>
            Sign In
          </Button>
        }
      />
      {children && <Box sx={{ mt: 6 }}>{children}</Box>}
    </Container>
  );
}
