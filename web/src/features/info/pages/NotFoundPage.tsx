import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchRounded from '@mui/icons-material/SearchRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Link as RouterLink } from 'react-router';

/**
 * Any route the app does not know. It says what happened in the shopper's words and offers ways on: a search (a
 * plain GET form to Browse, so it works before the app has loaded), Browse, Categories and How it Works.
 */
export default function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 12 } }}>
      <Card sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
        <WarningAmberRounded sx={{ fontSize: 64, color: 'warning.main' }} aria-hidden />
        <Typography variant="h3" component="h1" sx={{ mt: 2 }}>
          404 Page Not Found
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>
          We could not find this page. The link may be mistyped, or the listing or page may have been removed. Try a
          search, or carry on browsing.
        </Typography>
        <Box
          component="form"
          action="/"
          method="get"
          role="search"
          aria-label="Search souvenirs"
          sx={{ display: 'flex', gap: 1, mt: 3 }}
        >
          <TextField name="search" label="Search souvenirs" size="small" fullWidth />
          <Button type="submit" variant="outlined" startIcon={<SearchRounded />} sx={{ flexShrink: 0 }}>
            Search
          </Button>
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mt: 3, justifyContent: 'center', alignItems: 'stretch' }}
        >
          <Button component={RouterLink} to="/" variant="contained">
            Back to Browse
          </Button>
          <Button component={RouterLink} to="/categories" variant="outlined">
            Categories
          </Button>
          <Button component={RouterLink} to="/how-it-works" variant="outlined">
            How it Works
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
