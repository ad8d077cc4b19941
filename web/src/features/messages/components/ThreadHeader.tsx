import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import type { UserSummaryDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../components/UserAvatar';
import { fullName } from '../conversationParty';
import { BlockButton } from '../../safety/components/BlockButton';

interface Props {
  other: UserSummaryDto | undefined;
  product: { id: string; title: string } | undefined;
  onBack: () => void;
}

// Both links are a line of text on their own: 24 px tall each, the least a touch target may be (WCAG 2.2, 2.5.8).
/** Who the thread is with and which product it is about; a back button on small screens. */
export function ThreadHeader({ other, product, onBack }: Props) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ p: 1.5, pl: { xs: 1, md: 2 }, alignItems: 'center', borderBottom: '1px solid', borderColor: 'divider' }}
    >
      <IconButton aria-label="Back to conversations" onClick={onBack} sx={{ display: { md: 'none' } }}>
        <ArrowBackRounded />
      </IconButton>
      {other ? (
        <UserAvatar firstName={other.firstName} lastName={other.lastName} avatar={other.avatar} size={42} />
      ) : (
        <Skeleton variant="circular" width={42} height={42} />
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {other ? (
          <Link
            component={RouterLink}
            to={`/profile/${other.id}`}
            sx={{ fontWeight: 700, color: 'text.primary', display: 'block', lineHeight: '24px' }}
            noWrap
          >
            {fullName(other)}
          </Link>
        ) : (
          <Skeleton width={140} />
        )}
        {product ? (
          <Link
            component={RouterLink}
            to={`/product/${product.id}`}
            variant="body2"
            sx={{ color: 'secondary.main', fontWeight: 600, display: 'block', lineHeight: '24px' }}
            noWrap
          >
            About: {product.title}
          </Link>
        ) : (
          <Skeleton width={200} />
        )}
      </Box>
      {other && <BlockButton user={other} compact />}
    </Stack>
  );
}
