import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

interface Props {
  src?: string | null;
  alt: string;
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
}

/** An image that falls back to the placeholder when missing or broken. */
export function ProductImage({ src, alt, sx, loading = 'lazy' }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : PLACEHOLDER_IMAGE;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      loading={loading}
      onError={() => src && setFailed(src)}
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', bgcolor: 'brand.clay', ...sx }}
    />
  );
}
