import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { buyerSteps, HowItWorksSteps, sellerSteps } from '../../../components/HowItWorksSteps';
import { TrustFeatures } from '../../../components/TrustFeatures';
import { PROTECTION_RULES } from '../buyerProtection';
import { HowItWorksFaq } from '../components/HowItWorksFaq';
import { useScrollToHash } from '../hooks/useScrollToHash';
import { translucent } from '../../../app/theme';

export default function HowItWorksPage() {
  useScrollToHash();
  return (
    <>
      <Box
        sx={{
          bgcolor: 'secondary.dark',
          color: 'common.white',
          py: { xs: 8, md: 12 },
          textAlign: 'center',
          backgroundImage: (theme) =>
            `radial-gradient(circle at 20% 20%, ${translucent(theme, 'brand.peach', 0.25)}, transparent 45%), radial-gradient(circle at 85% 70%, ${translucent(theme, 'brand.logo', 0.35)}, transparent 50%)`,
        }}
      >
        <Container maxWidth="md">
          <Typography variant="overline" sx={{ color: 'brand.peach' }}>
            How it Works
          </Typography>
          <Typography variant="h1" sx={{ mt: 1 }}>
            From their suitcase to your doorstep
          </Typography>
          <Typography sx={{ mt: 2, fontSize: '1.15rem', color: (theme) => translucent(theme, 'common.white', 0.85) }}>
            Travellers bring souvenirs home through customs. You buy them here and they ship domestically: authentic
            finds without the plane ticket.
          </Typography>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <Stack spacing={{ xs: 8, md: 10 }}>
          <Box component="section" aria-labelledby="buyers-heading">
            <Typography variant="overline" sx={{ color: 'primary.main' }}>
              For buyers
            </Typography>
            <Typography id="buyers-heading" variant="h2" sx={{ mb: 4 }}>
              Buying a souvenir
            </Typography>
            <HowItWorksSteps steps={buyerSteps} />
          </Box>
          <Box component="section" aria-labelledby="sellers-heading">
            <Typography variant="overline" sx={{ color: 'secondary.main' }}>
              For sellers
            </Typography>
            <Typography id="sellers-heading" variant="h2" sx={{ mb: 4 }}>
              Selling what you brought home
            </Typography>
            <HowItWorksSteps steps={sellerSteps} accent="secondary" />
          </Box>
          <Box
            component="section"
            id="buyer-protection"
            aria-labelledby="protection-heading"
            sx={{ scrollMarginTop: { xs: 80, md: 96 } }}
          >
            <Typography variant="overline" sx={{ color: 'primary.main' }}>
              Buyer protection
            </Typography>
            <Typography id="protection-heading" variant="h2" sx={{ mb: 1 }}>
              Your money is safe until the item is
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 4, maxWidth: 720 }}>
              Every order follows the same clear rules, with deadlines you can see on the order page. Bought as a guest?
              Follow your order with the private link from the success page.
            </Typography>
            <Grid container spacing={3} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {PROTECTION_RULES.map((rule, index) => (
                <Grid key={rule.id} size={{ xs: 12, sm: 6, md: 3 }} component="li">
                  <Card sx={{ p: 3, height: '100%' }}>
                    <Typography variant="h4" component="p" sx={{ color: 'primary.main', fontWeight: 800 }} aria-hidden>
                      {index + 1}
                    </Typography>
                    <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
                      {rule.title}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                      {rule.text}
                    </Typography>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </Box>
          <Box
            component="section"
            id="trust"
            aria-labelledby="trust-heading"
            sx={{
              scrollMarginTop: { xs: 80, md: 96 },
              bgcolor: 'common.white',
              borderRadius: 5,
              p: { xs: 3, md: 6 },
              border: '1px solid',
              borderColor: 'divider',
            }}
          >
            <Typography variant="overline" sx={{ color: 'secondary.main' }}>
              Trust &amp; Safety
            </Typography>
            <Typography id="trust-heading" variant="h2" sx={{ mb: 4 }}>
              Shop with confidence
            </Typography>
            <TrustFeatures />
          </Box>
          <HowItWorksFaq />
          <Box sx={{ textAlign: 'center' }}>
            <Typography variant="h3">Ready to explore?</Typography>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 3 }}>
              <Button component={RouterLink} to="/" variant="contained" size="large">
                Browse Souvenirs
              </Button>
              <Button component={RouterLink} to="/sell" variant="outlined" size="large">
                Start Selling
              </Button>
            </Stack>
          </Box>
        </Stack>
      </Container>
    </>
  );
}
