import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { mediaSizes, mediaSrcSet } from '@souvenir/contracts';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

interface Props {
  src?: string | null;
  alt: string;
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
  /** How wide the image is drawn (the `sizes` attribute): an uploaded photo then loads the smallest size that fits. */
  sizes?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
}

/**
 * An image that falls back to the placeholder when missing or broken. An uploaded photo gets `srcset` (its sizes) and
 * its 16 px placeholder behind it until it arrives; its box is sized by the caller, so nothing moves when it does.
 */
export function ProductImage({ src, alt, sx, loading = 'lazy', sizes = '100vw', fetchPriority }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : PLACEHOLDER_IMAGE;
  const media = url === src ? mediaSizes(src) : null;
  return (
    <Box
      component="img"
      src={url}
      srcSet={media ? mediaSrcSet(src) : undefined}
      sizes={media ? sizes : undefined}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      onError={() => src && setFailed(src)}
      sx={{
        display: 'block',
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        bgcolor: 'brand.clay',
        ...(media && { backgroundImage: `url(${media.placeholder})`, backgroundSize: 'cover' }),
        ...sx,
      }}
    />
  );
}
