import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useListSessionsQuery } from '../../auth/accountApi';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { PageLoader } from '../../../components/PageLoader';
import { AddressBookSection } from '../../addresses/components/AddressBookSection';
import { AwayModeSection } from '../components/account/AwayModeSection';
import { BundleDiscountSection } from '../../bundle/components/BundleDiscountSection';
import { ChangeEmailForm } from '../components/account/ChangeEmailForm';
import { ChangePasswordForm } from '../components/account/ChangePasswordForm';
import { DeleteAccountSection } from '../components/account/DeleteAccountSection';
import { DownloadMyDataSection } from '../components/account/DownloadMyDataSection';
import { NotificationSettingsSection } from '../components/account/NotificationSettingsSection';
import { PasskeysSection } from '../components/account/PasskeysSection';
import { ProfilePhotoSection } from '../components/account/ProfilePhotoSection';
import { SessionsList } from '../components/account/SessionsList';
import { TwoFactorSection } from '../components/account/TwoFactorSection';
import { BlockedPeopleSection } from '../../safety/components/BlockedPeopleSection';

/**
 * Account settings: password, e-mail address, the devices signed in, away mode, the bundle discount, notifications, blocked people, a copy of one's data, and
 * deleting the account (last, in the danger zone). Members only.
 */
export default function AccountSettingsPage() {
  const { user, isLoading } = useCurrentUser();
  const { refetch: refetchSessions } = useListSessionsQuery(undefined, { skip: !user });
  if (isLoading) return <PageLoader />;
  if (!user)
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Typography variant="h4" component="h1">
          Account settings
        </Typography>
        <Typography sx={{ mt: 2 }}>You need to be logged in</Typography>
      </Container>
    );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Account settings
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mb: 3 }}>
        <ProfilePhotoSection me={user} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={4} divider={<Divider flexItem />}>
          <ChangePasswordForm onChanged={() => void refetchSessions()} />
          <ChangeEmailForm me={user} />
          <TwoFactorSection />
          <PasskeysSection />
          <SessionsList />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mt: 3 }}>
        <AwayModeSection />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mt: 3 }}>
        <BundleDiscountSection />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mt: 3 }}>
        <NotificationSettingsSection />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mt: 3 }}>
        <AddressBookSection me={user} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mt: 3 }}>
        <BlockedPeopleSection />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mt: 3 }}>
        <DownloadMyDataSection />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, mt: 3, borderColor: 'error.main' }}>
        <DeleteAccountSection me={user} />
      </Paper>
    </Container>
  );
}
