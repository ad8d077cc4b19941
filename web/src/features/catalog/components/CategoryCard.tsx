import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router';

interface Props {
  label: string;
  term: string;
  count: number | undefined;
  icon: SvgIconComponent;
  color: string;
}

export function CategoryCard({ label, term, count, icon: Icon, color }: Props) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={`/?search=${encodeURIComponent(term)}`} sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 2 }}>
        <Box sx={{ width: 56, height: 56, borderRadius: 3.5, display: 'grid', placeItems: 'center', bgcolor: `${color}1A`, color }}>
          <Icon fontSize="large" />
        </Box>
        <Box>
          <Typography variant="h6" component="h2">
            {label}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {count === undefined ? <Skeleton width={60} /> : `${count} ${count === 1 ? 'item' : 'items'}`}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
