import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import VerifiedUserRounded from '@mui/icons-material/VerifiedUserRounded';
import BadgeRounded from '@mui/icons-material/BadgeRounded';
import ShieldRounded from '@mui/icons-material/ShieldRounded';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import LocalShippingRounded from '@mui/icons-material/LocalShippingRounded';
import { translucent } from '../app/theme';

/** The trust and safety claims of spec section 1. */
const claims = [
  {
    icon: VerifiedUserRounded,
    title: 'Customs-verified items',
    text: 'Origin in three levels: self-declared by the seller, documented with a receipt or customs declaration, or checked by our team.',
  },
  {
    icon: BadgeRounded,
    title: 'Verified sellers',
    text: 'Verified traveller profiles carry a badge so you know who you buy from.',
  },
  {
    icon: ShieldRounded,
    title: 'Buyer protection',
    text: 'If something goes wrong, our dispute resolution team steps in.',
  },
  {
    icon: CreditCardRounded,
    title: 'Secure payments',
    text: 'Card payments are processed securely; sellers never see your card.',
  },
  {
    icon: SupportAgentRounded,
    title: '24/7 support',
    text: 'Questions about an order? Our support team is here around the clock.',
  },
  {
    icon: LocalShippingRounded,
    title: 'Fast domestic delivery',
    text: 'Items ship from within your country, so they arrive quickly.',
  },
];

export function TrustFeatures({ dark = false }: { dark?: boolean }) {
  return (
    <Grid container spacing={3}>
      {claims.map(({ icon: Icon, title, text }) => (
        <Grid key={title} size={{ xs: 12, sm: 6, md: 4 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box
              sx={{
                width: 46,
                height: 46,
                flexShrink: 0,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: (theme) =>
                  dark ? translucent(theme, 'common.white', 0.12) : translucent(theme, 'secondary.main', 0.1),
                color: dark ? 'brand.peach' : 'secondary.main',
              }}
            >
              <Icon />
            </Box>
            <Box>
              <Typography variant="h6" component="h3" sx={{ color: dark ? 'common.white' : 'text.primary' }}>
                {title}
              </Typography>
              <Typography
                variant="body2"
                sx={{
                  color: (theme) => (dark ? translucent(theme, 'common.white', 0.75) : theme.palette.text.secondary),
                  mt: 0.5,
                }}
              >
                {text}
              </Typography>
            </Box>
          </Box>
        </Grid>
      ))}
    </Grid>
  );
}
