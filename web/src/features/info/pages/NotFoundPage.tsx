import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Link as RouterLink } from 'react-router';

export default function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 14 } }}>
      <Card sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }}>
        <WarningAmberRounded sx={{ fontSize: 64, color: 'warning.main' }} aria-hidden />
        <Typography variant="h3" component="h1" sx={{ mt: 2 }}>
          404 Page Not Found
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>Did you forget to add the page to the router?</Typography>
        <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 4 }}>
          Back to Browse
        </Button>
      </Card>
    </Container>
  );
}
