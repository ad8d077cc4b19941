import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import PaletteRounded from '@mui/icons-material/PaletteRounded';
import HourglassBottomRounded from '@mui/icons-material/HourglassBottomRounded';
import CheckroomRounded from '@mui/icons-material/CheckroomRounded';
import RestaurantRounded from '@mui/icons-material/RestaurantRounded';
import TheaterComedyRounded from '@mui/icons-material/TheaterComedyRounded';
import DiamondRounded from '@mui/icons-material/DiamondRounded';
import EmojiFoodBeverageRounded from '@mui/icons-material/EmojiFoodBeverageRounded';
import TextureRounded from '@mui/icons-material/TextureRounded';
import MusicNoteRounded from '@mui/icons-material/MusicNoteRounded';
import ChairRounded from '@mui/icons-material/ChairRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import { BROWSE_CATEGORIES } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { useGetBrowseCategoryCountsQuery } from '../../../api/catalogApi';
import { CategoryCard } from '../components/CategoryCard';
import { translucent } from '../../../app/theme';

const looks = [
  { icon: PaletteRounded, color: 'brand.logo' },
  { icon: HourglassBottomRounded, color: 'brand.ochre' },
  { icon: CheckroomRounded, color: 'brand.plum' },
  { icon: RestaurantRounded, color: 'success.main' },
  { icon: TheaterComedyRounded, color: 'error.main' },
  { icon: DiamondRounded, color: 'info.main' },
  { icon: EmojiFoodBeverageRounded, color: 'primary.dark' },
  { icon: TextureRounded, color: 'secondary.main' },
  { icon: MusicNoteRounded, color: 'brand.denim' },
  { icon: ChairRounded, color: 'brand.gold' },
];

/** The spec's ten cards; each links to Home filtered by it, and catalog counts what that filter shows. */
export default function CategoriesPage() {
  const { data, error } = useGetBrowseCategoryCountsQuery();
  const countOf = (name: string) => data?.find((c) => c.name === name);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Box sx={{ textAlign: 'center', mb: 6 }}>
        <Typography variant="overline" sx={{ color: 'primary.main' }}>
          Categories
        </Typography>
        <Typography variant="h1" sx={{ fontSize: 'clamp(2rem, 4vw, 3rem)' }}>
          What will you bring home?
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>
          Browse souvenirs by what they are, from hand-thrown pottery to vintage vinyl.
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          The item counts could not be loaded. The categories still work.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {BROWSE_CATEGORIES.map((name, index) => (
          <CategoryCard
            key={name}
            name={name}
            count={error ? null : countOf(name)}
            icon={looks[index].icon}
            color={looks[index].color}
          />
        ))}
      </Box>
      <Box
        sx={{
          mt: 8,
          p: { xs: 3, md: 5 },
          borderRadius: 5,
          bgcolor: 'secondary.dark',
          color: 'common.white',
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'center' },
          justifyContent: 'space-between',
          gap: 3,
        }}
      >
        <Box>
          <Typography variant="h4" component="h2">
            Prefer to travel by map?
          </Typography>
          <Typography sx={{ color: (theme) => translucent(theme, 'common.white', 0.8), mt: 1 }}>
            Pick a destination and see everything travellers brought back from it.
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to="/#destinations"
          variant="contained"
          size="large"
          startIcon={<PublicRounded />}
          sx={{ bgcolor: 'common.white', color: 'secondary.dark', '&:hover': { bgcolor: 'background.default' } }}
        >
          Browse by Country
        </Button>
      </Box>
    </Container>
  );
}
