import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SellerDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { SellerRating } from '../../../components/SellerRating';
import { UserAvatar } from '../../../components/UserAvatar';
import { VerifiedMark } from '../../../components/VerifiedMark';

/** The seller's name and mark; `contact` (the message box, or a sign-in prompt) goes below. */
export function SellerCard({ seller, contact }: { seller: SellerDto; contact?: ReactNode }) {
  const name = `${seller.firstName} ${seller.lastName}`;
  return (
    <Card sx={{ p: 2.5 }} component="section" aria-label="Seller">
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        Seller
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <UserAvatar firstName={seller.firstName} lastName={seller.lastName} avatar={seller.avatar} size={56} />
        <div>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Link
              component={RouterLink}
              to={`/profile/${seller.id}`}
              sx={{ fontWeight: 700, fontSize: '1.1rem', color: 'text.primary' }}
            >
              {name}
            </Link>
            {seller.isVerified && <VerifiedMark />}
          </Stack>
          <Box sx={{ color: 'text.secondary' }}>
            <SellerRating rating={seller.rating ?? null} long />
          </Box>
        </div>
      </Stack>
      {contact && <Box sx={{ mt: 2.5 }}>{contact}</Box>}
    </Card>
  );
}
