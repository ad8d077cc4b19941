import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from './Logo';

const columns = [
  { title: 'Marketplace', links: [{ label: 'Browse Souvenirs', to: '/' }, { label: 'Categories', to: '/categories' }, { label: 'Sell an Item', to: '/sell' }, { label: 'How it Works', to: '/how-it-works' }] },
  { title: 'Support', links: [{ label: 'Help Center', to: '/how-it-works' }, { label: 'Buyer Protection', to: '/how-it-works' }, { label: 'Customs Guide', to: '/how-it-works' }, { label: 'Contact Us', to: '/how-it-works' }] },
  { title: 'Company', links: [{ label: 'About Us', to: '/how-it-works' }, { label: 'Trust & Safety', to: '/how-it-works' }, { label: 'Terms of Service', to: '/how-it-works' }, { label: 'Privacy Policy', to: '/how-it-works' }] },
];

const socials = ['Instagram', 'Facebook', 'Twitter', 'Pinterest'];

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: '#2B2118', color: '#EFE5DA', mt: 10, pt: 8, pb: 4 }}>
      <Container maxWidth="xl">
        <Grid container spacing={5}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Logo inverted />
            <Typography variant="body2" sx={{ mt: 2, maxWidth: 340, color: 'rgba(239,229,218,0.75)' }}>
              Customs-cleared souvenirs from travellers around the world, shipped to you from home. Every purchase is covered by buyer protection.
            </Typography>
          </Grid>
          {columns.map((column) => (
            <Grid key={column.title} size={{ xs: 6, sm: 4, md: 2.66 }}>
              <Typography variant="overline" component="h2" sx={{ color: '#F2B591' }}>
                {column.title}
              </Typography>
              <Stack spacing={1} sx={{ mt: 1 }}>
                {column.links.map((link) => (
                  <Link key={link.label} component={RouterLink} to={link.to} sx={{ color: 'inherit', fontSize: '0.92rem' }}>
                    {link.label}
                  </Link>
                ))}
              </Stack>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ borderTop: '1px solid rgba(239,229,218,0.15)', mt: 6, pt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="body2" sx={{ color: 'rgba(239,229,218,0.6)' }}>
            © {new Date().getFullYear()} Souvenir Swap. All rights reserved.
          </Typography>
          <Stack direction="row" spacing={3} aria-label="Social media">
            {socials.map((name) => (
              <Typography key={name} variant="body2" sx={{ color: 'rgba(239,229,218,0.8)' }}>
                {name}
              </Typography>
            ))}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
