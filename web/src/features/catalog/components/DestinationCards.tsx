import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import type { CategoryDto } from '@souvenir/contracts';
import { destinationImage } from '../destinations';
import { DestinationCard } from './DestinationCard';
import { translucent } from '../../../app/theme';

interface Props {
  categories: CategoryDto[] | undefined;
  isLoading: boolean;
  country: string;
  onSelect: (country: string) => void;
}

// Palette paths: a destination without a photo gets one of these behind its initial.
const palette = ['secondary.main', 'brand.logo', 'brand.plum', 'success.main', 'brand.gold', 'brand.denim'];

function itemCount(count: number) {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** One card per country with products, plus 'View All' with the total and a plus sign. */
export function DestinationCards({ categories, isLoading, country, onSelect }: Props) {
  const total = categories?.reduce((sum, category) => sum + category.count, 0) ?? 0;
  return (
    <Box component="section" id="destinations" aria-labelledby="destinations-heading" sx={{ scrollMarginTop: 88 }}>
      <Typography variant="overline" sx={{ color: 'primary.main' }}>
        Destinations
      </Typography>
      <Typography id="destinations-heading" variant="h2" sx={{ mb: 3 }}>
        Shop by destination
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridAutoFlow: 'column',
          gridAutoColumns: { xs: '42%', sm: '28%', md: 'minmax(128px, 1fr)' },
          overflowX: 'auto',
          pb: 1,
          scrollSnapType: 'x mandatory',
          '& > *': { scrollSnapAlign: 'start' },
        }}
      >
        {isLoading ? (
          Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '4 / 5', height: 'auto', borderRadius: 4.5 }} />
          ))
        ) : (
          <>
            {categories?.map((category, index) => (
              <DestinationCard
                key={category.id}
                title={category.country}
                subtitle={itemCount(category.count)}
                image={destinationImage(category.country)}
                selected={country === category.country}
                onClick={() => onSelect(category.country)}
                fallback={
                  <Box
                    sx={{
                      position: 'absolute',
                      inset: 0,
                      bgcolor: palette[index % palette.length],
                      display: 'grid',
                      placeItems: 'center',
                    }}
                  >
                    <Typography
                      aria-hidden
                      sx={{
                        color: (theme) => translucent(theme, 'common.white', 0.35),
                        fontSize: 96,
                        fontWeight: 800,
                        fontFamily: (t) => t.typography.h1.fontFamily,
                      }}
                    >
                      {category.country.slice(0, 1)}
                    </Typography>
                  </Box>
                }
              />
            ))}
            <DestinationCard
              title="View All"
              subtitle={`${total}+ items`}
              selected={!country}
              onClick={() => onSelect('')}
              fallback={
                <Box
                  sx={{ position: 'absolute', inset: 0, bgcolor: 'brand.ink', display: 'grid', placeItems: 'center' }}
                >
                  <Box
                    sx={{
                      width: 72,
                      height: 72,
                      borderRadius: '50%',
                      border: '2px solid',
                      borderColor: (theme) => translucent(theme, 'common.white', 0.5),
                      display: 'grid',
                      placeItems: 'center',
                      color: 'brand.peach',
                    }}
                  >
                    <AddRounded sx={{ fontSize: 40 }} aria-hidden />
                  </Box>
                </Box>
              }
            />
          </>
        )}
      </Box>
    </Box>
  );
}
