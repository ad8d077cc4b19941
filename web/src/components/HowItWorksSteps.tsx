import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import SearchRounded from '@mui/icons-material/SearchRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import LocalShippingRounded from '@mui/icons-material/LocalShippingRounded';
import LuggageRounded from '@mui/icons-material/LuggageRounded';
import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import type { SvgIconComponent } from '@mui/icons-material';

interface Step {
  icon: SvgIconComponent;
  title: string;
  text: string;
}

export const buyerSteps: Step[] = [
  {
    icon: SearchRounded,
    title: 'Discover',
    text: 'Browse souvenirs by destination, category, price and condition, or search for exactly what you remember.',
  },
  {
    icon: LockRounded,
    title: 'Buy securely',
    text: 'Pay by card with secure payments. Checking out as a guest is fine, and buyer protection covers every order.',
  },
  {
    icon: LocalShippingRounded,
    title: 'Receive it fast',
    text: 'The seller is already home, so your item ships domestically: no import fees, no customs surprises, fast delivery.',
  },
];

export const sellerSteps: Step[] = [
  {
    icon: LuggageRounded,
    title: 'Bring it home',
    text: 'Travel, collect, and bring your souvenirs back through customs as usual.',
  },
  {
    icon: PhotoCameraRounded,
    title: 'List in minutes',
    text: 'Add up to six photos, a description and your price, and declare that your item cleared customs.',
  },
  {
    icon: PaymentsRounded,
    title: 'Ship and get paid',
    text: 'When it sells, the buyer has already paid. Ship it within your country and message the buyer along the way.',
  },
];

export function HowItWorksSteps({ steps, accent = 'primary' }: { steps: Step[]; accent?: 'primary' | 'secondary' }) {
  return (
    <Grid container spacing={3}>
      {steps.map((step, index) => {
        const Icon = step.icon;
        return (
          <Grid key={step.title} size={{ xs: 12, md: 4 }}>
            <Card sx={{ p: 3.5, height: '100%', position: 'relative', overflow: 'hidden' }}>
              <Typography
                aria-hidden
                sx={{
                  position: 'absolute',
                  right: 20,
                  top: 4,
                  fontSize: 72,
                  fontWeight: 800,
                  color: `${accent}.main`,
                  opacity: 0.08,
                  fontFamily: (t) => t.typography.h1.fontFamily,
                }}
              >
                {index + 1}
              </Typography>
              <Box
                sx={{
                  width: 52,
                  height: 52,
                  borderRadius: 3,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: `${accent}.main`,
                  color: 'common.white',
                  mb: 2,
                }}
              >
                <Icon />
              </Box>
              <Typography variant="h6" component="h3">
                {index + 1}. {step.title}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mt: 1 }}>{step.text}</Typography>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
