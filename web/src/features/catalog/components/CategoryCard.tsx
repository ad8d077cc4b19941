import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import type { BrowseCategoryCountDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { translucent } from '../../../app/theme';

interface Props {
  /** A browse name of CATEGORY_FILTERS: Home's category filter takes it as it is. */
  name: string;
  /** Undefined while loading; null when the counts could not be loaded. */
  count: Pick<BrowseCategoryCountDto, 'count' | 'countIsLowerBound'> | null | undefined;
  icon: SvgIconComponent;
  color: string;
}

function itemCount({ count, countIsLowerBound }: Pick<BrowseCategoryCountDto, 'count' | 'countIsLowerBound'>): string {
  if (countIsLowerBound) return `${count.toLocaleString('en-US')}+ items`;
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
}

/** A Categories page card: opens Home's results filtered by this category, where the count is the results' total. */
export function CategoryCard({ name, count, icon: Icon, color }: Props) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/?categories=${encodeURIComponent(name)}#products`}
        sx={{
          p: 3,
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          justifyContent: 'flex-start',
          gap: 2,
        }}
      >
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: 3.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: (theme) => translucent(theme, color, 0.1),
            color,
          }}
        >
          <Icon fontSize="large" />
        </Box>
        <Box>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {count === undefined ? <Skeleton width={60} /> : count === null ? 'Browse items' : itemCount(count)}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
