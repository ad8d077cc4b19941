import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { translucent } from '../../../app/theme';

interface Props {
  title: string;
  subtitle: string;
  image?: string | null;
  selected?: boolean;
  fallback?: ReactNode;
  onClick: () => void;
}

/** A destination tile: illustration, country name and product count. */
export function DestinationCard({ title, subtitle, image, selected = false, fallback, onClick }: Props) {
  return (
    <Card
      sx={{ height: '100%', outline: selected ? '3px solid' : 'none', outlineColor: 'primary.main', outlineOffset: 2 }}
    >
      <CardActionArea
        onClick={onClick}
        aria-pressed={selected}
        sx={{ height: '100%', position: 'relative', aspectRatio: '4 / 5' }}
      >
        {image ? (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>{fallback}</Box>
        )}
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            background: (theme) =>
              `linear-gradient(180deg, ${translucent(theme, 'common.black', 0)} 45%, ${translucent(theme, 'brand.shade', 0.72)} 100%)`,
          }}
        />
        <Box sx={{ position: 'absolute', left: 14, right: 14, bottom: 12, color: 'common.white' }}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', lineHeight: 1.2 }}>{title}</Typography>
          <Typography variant="body2" sx={{ opacity: 0.88 }}>
            {subtitle}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
