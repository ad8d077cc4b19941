import { useMemo } from 'react';
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
import { BROWSE_CATEGORIES, type ProductDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { useGetAllProductsQuery } from '../../../api/catalogApi';
import { CategoryCard } from '../components/CategoryCard';

const looks = [
  { icon: PaletteRounded, color: '#C4572F' },
  { icon: HourglassBottomRounded, color: '#8A6200' },
  { icon: CheckroomRounded, color: '#7A4E9E' },
  { icon: RestaurantRounded, color: '#2E7D4F' },
  { icon: TheaterComedyRounded, color: '#C23B3B' },
  { icon: DiamondRounded, color: '#2F6DB5' },
  { icon: EmojiFoodBeverageRounded, color: '#9E4122' },
  { icon: TextureRounded, color: '#1F6F78' },
  { icon: MusicNoteRounded, color: '#3F5E96' },
  { icon: ChairRounded, color: '#B5832A' },
];

/** Client-side count: the term found in title, description or category (spec section 3). */
function countMatches(products: ProductDto[], term: string) {
  const needle = term.toLowerCase();
  return products.filter((p) => `${p.title}\n${p.description}\n${p.category}`.toLowerCase().includes(needle)).length;
}

export default function CategoriesPage() {
  const { data: products, error } = useGetAllProductsQuery();
  const counts = useMemo(() => (products ? BROWSE_CATEGORIES.map((c) => countMatches(products, c.term)) : undefined), [products]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Box sx={{ textAlign: 'center', mb: 6 }}>
        <Typography variant="overline" sx={{ color: 'primary.main' }}>
          Categories
        </Typography>
        <Typography variant="h1" sx={{ fontSize: 'clamp(2rem, 4vw, 3rem)' }}>
          What will you bring home?
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>Browse souvenirs by what they are, from hand-thrown pottery to vintage vinyl.</Typography>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Failed to fetch products
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' } }}>
        {BROWSE_CATEGORIES.map((category, index) => (
          <CategoryCard key={category.term} label={category.label} term={category.term} count={counts?.[index] ?? (error ? 0 : undefined)} icon={looks[index].icon} color={looks[index].color} />
        ))}
      </Box>
      <Box sx={{ mt: 8, p: { xs: 3, md: 5 }, borderRadius: 5, bgcolor: 'secondary.dark', color: '#fff', display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'center' }, justifyContent: 'space-between', gap: 3 }}>
        <Box>
          <Typography variant="h4" component="h2">
            Prefer to travel by map?
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,0.8)', mt: 1 }}>Pick a destination and see everything travellers brought back from it.</Typography>
        </Box>
        <Button component={RouterLink} to="/#destinations" variant="contained" size="large" startIcon={<PublicRounded />} sx={{ bgcolor: '#fff', color: 'secondary.dark', '&:hover': { bgcolor: '#FBF7F2' } }}>
          Browse by Country
        </Button>
      </Box>
    </Container>
  );
}
