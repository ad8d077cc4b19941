import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import { formatAwayDate, type UserDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import Tooltip from '@mui/material/Tooltip';
import { SellerRating } from '../../../components/SellerRating';
import { UserAvatar } from '../../../components/UserAvatar';
import { VERIFIED_MEANING } from '../../../components/VerifiedMark';
import { TrackRecord } from './TrackRecord';
import { BlockButton } from '../../safety/components/BlockButton';
import { VerifiedSellerSteps } from './VerifiedSellerSteps';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { ReportButton } from '../../moderation/components/ReportButton';
import { monthYear } from '../../../utils/time';
import { translucent } from '../../../app/theme';
import { useGetUserAwayQuery } from '../awayApi';

interface Props {
  user: UserDto;
  isOwner: boolean;
  /** Someone signed in who is not the owner: they may block the owner. */
  canBlock?: boolean;
  activeCount: number | undefined;
  soldCount: number | undefined;
  onEdit: () => void;
}

function Stat({ value, label }: { value: number | undefined; label: string }) {
  return (
    <Box sx={{ textAlign: 'center', px: 2 }}>
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.1 }}>{value ?? '–'}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

export function ProfileHeader({ user, isOwner, canBlock = false, activeCount, soldCount, onEdit }: Props) {
  const signedIn = Boolean(useCurrentUser().user);
  const awayUntil = useGetUserAwayQuery(user.id).data?.until;
  return (
    <Card sx={{ overflow: 'hidden' }}>
      <Box
        aria-hidden
        sx={{
          height: { xs: 90, md: 130 },
          background: ({ palette }) =>
            `linear-gradient(120deg, ${palette.brand.logo}, ${palette.primary.light} 40%, ${palette.secondary.main})`,
        }}
      />
      <Box sx={{ px: { xs: 2.5, md: 4 }, pb: 3 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 2, md: 3 }}
          sx={{ alignItems: { md: 'flex-end' } }}
        >
          <UserAvatar
            firstName={user.firstName}
            lastName={user.lastName}
            avatar={user.avatar}
            size={112}
            sx={{
              mt: -7,
              border: '4px solid',
              borderColor: 'common.white',
              boxShadow: (theme) => `0 6px 20px ${translucent(theme, 'common.black', 0.15)}`,
            }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h3" component="h1">
                {user.firstName} {user.lastName}
              </Typography>
              {user.isVerified && (
                <Tooltip title={VERIFIED_MEANING}>
                  <Chip
                    size="small"
                    icon={<VerifiedRounded />}
                    label="Verified seller"
                    color="secondary"
                    tabIndex={0}
                  />
                </Tooltip>
              )}
              {awayUntil && (
                <Chip
                  size="small"
                  icon={<BeachAccessOutlined />}
                  label={`Away until ${formatAwayDate(awayUntil)}`}
                  color="info"
                  variant="outlined"
                />
              )}
            </Stack>
            <Typography sx={{ color: 'text.secondary' }}>@{user.username}</Typography>
            <Stack
              direction="row"
              spacing={2.5}
              useFlexGap
              sx={{ mt: 1, color: 'text.secondary', flexWrap: 'wrap', rowGap: 0.5 }}
            >
              {user.location && (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <PlaceOutlined fontSize="small" aria-hidden />
                  <Typography variant="body2">{user.location}</Typography>
                </Stack>
              )}
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <CalendarMonthOutlined fontSize="small" aria-hidden />
                <Typography variant="body2">Joined {monthYear(user.createdAt)}</Typography>
              </Stack>
              {/* The rating comes with the profile (identity keeps reviews' rating): no second request. */}
              <SellerRating rating={user.rating ?? null} long />
            </Stack>
          </Box>
          <Stack
            direction="row"
            sx={{ alignItems: 'center' }}
            divider={<Box sx={{ width: '1px', alignSelf: 'stretch', bgcolor: 'divider' }} />}
          >
            <Stat value={activeCount} label="Active" />
            <Stat value={soldCount} label="Sold" />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {isOwner ? (
              <>
                <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
                  Edit Profile
                </Button>
                <Button
                  component={RouterLink}
                  to="/profile/payouts"
                  variant="outlined"
                  startIcon={<PaymentsOutlined />}
                >
                  Payouts
                </Button>
                <Button component={RouterLink} to="/account" variant="outlined" startIcon={<ManageAccountsOutlined />}>
                  Account settings
                </Button>
                <Button component={RouterLink} to="/sell" variant="contained" startIcon={<AddRounded />}>
                  List Item
                </Button>
              </>
            ) : (
              <>
                <Button
                  component={RouterLink}
                  to={`/messages?user=${user.id}`}
                  variant="contained"
                  startIcon={<ChatBubbleOutlineRounded />}
                >
                  Message
                </Button>
                {signedIn && (
                  <ReportButton
                    subjectType="user"
                    subjectId={user.id}
                    subjectLabel={`${user.firstName} ${user.lastName}`.trim()}
                    label={`Report ${user.firstName}`}
                  />
                )}
                {canBlock && <BlockButton user={user} />}
              </>
            )}
          </Stack>
        </Stack>
        {user.isVerified && (
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            {VERIFIED_MEANING}
          </Typography>
        )}
        {isOwner && !user.isVerified && (
          <Box sx={{ mt: 2.5 }}>
            <VerifiedSellerSteps userId={user.id} />
          </Box>
        )}
        <TrackRecord userId={user.id} />
      </Box>
    </Card>
  );
}
