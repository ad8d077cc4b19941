import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from './Logo';
import { translucent } from '../../app/theme';

/**
 * Every link leads to a page (or a section of one, by its id) that says what the label promises: help and contact
 * are How It Works' questions and answers, the policies are their own pages. The social network names that stood
 * here linked nowhere (there are no such accounts), so they are gone.
 */
const columns = [
  {
    title: 'Marketplace',
    links: [
      { label: 'Browse Souvenirs', to: '/' },
      { label: 'Categories', to: '/categories' },
      { label: 'Sell an Item', to: '/sell' },
      { label: 'How it Works', to: '/how-it-works' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/how-it-works#faq' },
      { label: 'Buyer Protection', to: '/how-it-works#buyer-protection' },
      { label: 'Customs Guide', to: '/how-it-works#customs' },
      { label: 'Contact Us', to: '/how-it-works#contact' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/how-it-works' },
      { label: 'Trust & Safety', to: '/how-it-works#trust' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
    ],
  },
];

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: 'brand.ink', color: 'brand.onInk', mt: 10, pt: 8, pb: 4 }}>
      <Container maxWidth="xl">
        <Grid container spacing={5}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Logo inverted />
            <Typography
              variant="body2"
              sx={{ mt: 2, maxWidth: 340, color: (theme) => translucent(theme, 'brand.onInk', 0.75) }}
            >
              Customs-cleared souvenirs from travellers around the world, shipped to you from home. Every purchase is
              covered by buyer protection.
            </Typography>
          </Grid>
          {columns.map((column) => (
            <Grid key={column.title} size={{ xs: 6, sm: 4, md: 2.66 }}>
              <Typography variant="overline" component="h2" sx={{ color: 'brand.peach' }}>
                {column.title}
              </Typography>
              <Stack spacing={1} sx={{ mt: 1 }}>
                {column.links.map((link) => (
                  <Link
                    key={link.label}
                    component={RouterLink}
                    to={link.to}
                    sx={{ color: 'inherit', fontSize: '0.92rem' }}
                  >
                    {link.label}
                  </Link>
                ))}
              </Stack>
            </Grid>
          ))}
        </Grid>
        <Box
          sx={{
            borderTop: '1px solid',
            borderColor: (theme) => translucent(theme, 'brand.onInk', 0.15),
            mt: 6,
            pt: 3,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Typography variant="body2" sx={{ color: (theme) => translucent(theme, 'brand.onInk', 0.6) }}>
            © {new Date().getFullYear()} Souvenir Swap. All rights reserved.
          </Typography>
          <Typography variant="body2" sx={{ color: (theme) => translucent(theme, 'brand.onInk', 0.8) }}>
            No ads, no tracking.{' '}
            <Link component={RouterLink} to="/privacy" sx={{ color: 'inherit' }}>
              What we keep
            </Link>
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
