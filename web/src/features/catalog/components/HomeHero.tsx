import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { translucent } from '../../../app/theme';

/**
 * The top of Home: the headline over the gradient, and `children` (the search form) below it. It ships with the
 * entry script, so the headline (the page's largest paint) shows in the first render instead of waiting for
 * Home's chunk; the rest of Home, form included, comes in that chunk (see HomePage).
 */
export function HomeHero({ children }: { children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        color: 'common.white',
        py: { xs: 8, md: 12 },
        background: ({ palette }) =>
          `linear-gradient(135deg, ${palette.primary.dark} 0%, ${palette.brand.logo} 45%, ${palette.secondary.main} 100%)`,
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          opacity: 0.18,
          backgroundImage: ({ palette: { common } }) =>
            `radial-gradient(circle at 15% 25%, ${common.white} 0 2px, transparent 3px), radial-gradient(circle at 75% 65%, ${common.white} 0 2px, transparent 3px)`,
          backgroundSize: '48px 48px, 64px 64px',
        }}
      />
      <Box
        aria-hidden
        component="svg"
        viewBox="0 0 400 200"
        sx={{ position: 'absolute', right: -40, bottom: -20, width: { xs: 320, md: 560 }, opacity: 0.16 }}
      >
        <path
          d="M10 150 Q 120 20 220 100 T 390 40"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeDasharray="8 10"
        />
        <path d="M380 30 l14 6 -12 10z" fill="currentColor" />
        <circle cx="10" cy="150" r="8" fill="currentColor" />
      </Box>
      <Container maxWidth="md" sx={{ position: 'relative', textAlign: 'center' }}>
        <Typography variant="overline" sx={{ color: 'brand.blush' }}>
          Customs-cleared · Shipped from home
        </Typography>
        <Typography id="hero-heading" variant="h1" sx={{ mt: 1 }}>
          Souvenirs from around the world, without the plane ticket
        </Typography>
        <Typography
          sx={{ mt: 2, fontSize: { md: '1.2rem' }, color: (theme) => translucent(theme, 'common.white', 0.88) }}
        >
          Travellers sell the treasures they brought home. You get authentic finds with fast domestic delivery.
        </Typography>
        {children}
      </Container>
    </Box>
  );
}

/** The hero's search bar while its chunk loads: the same box and height, so nothing moves when the form arrives. */
export function HeroSearchPlaceholder() {
  return (
    <HeroSearchBar>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} aria-hidden>
        <Skeleton variant="rounded" height={56} sx={{ flex: 1, borderRadius: 999 }} />
        <Skeleton variant="rounded" height={56} sx={{ width: { sm: 200 }, borderRadius: 999 }} />
        <Skeleton variant="rounded" height={56} sx={{ width: { sm: 124 }, borderRadius: 999 }} />
      </Stack>
    </HeroSearchBar>
  );
}

/** The white bar the hero's search sits in (a form when `onSubmit` is given). */
export function HeroSearchBar({ children, onSubmit }: { children: ReactNode; onSubmit?: (event: FormEvent) => void }) {
  const form = onSubmit
    ? { component: 'form' as const, role: 'search', 'aria-label': 'Search souvenirs by country', onSubmit }
    : {};
  return (
    <Paper {...form} elevation={10} sx={{ mt: 5, p: 1.25, borderRadius: { xs: 4, sm: 999 } }}>
      {children}
    </Paper>
  );
}
