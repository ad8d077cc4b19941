import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { PRODUCT_PHOTO_SIZES } from '@souvenir/contracts';
import { ProductImage } from '../../../components/ProductImage';

/** Main image with thumbnails; the placeholder when there is none. */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <Box>
      <Box
        sx={{
          borderRadius: 5,
          overflow: 'hidden',
          aspectRatio: '1 / 1',
          bgcolor: 'brand.clay',
          border: '1px solid',
          borderColor: 'divider',
        }}
      >
        <ProductImage src={current} alt={title} loading="eager" sizes={PRODUCT_PHOTO_SIZES} />
      </Box>
      {images.length > 1 && (
        <Box role="group" aria-label="Product images" sx={{ display: 'flex', gap: 1.5, mt: 2, flexWrap: 'wrap' }}>
          {images.map((image, i) => (
            <ButtonBase
              key={`${image}-${i}`}
              onClick={() => setIndex(i)}
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-current={i === index}
              sx={{
                width: 76,
                height: 76,
                borderRadius: 3,
                overflow: 'hidden',
                border: '3px solid',
                borderColor: i === index ? 'primary.main' : 'transparent',
                opacity: i === index ? 1 : 0.75,
                '&:hover': { opacity: 1 },
              }}
            >
              <ProductImage src={image} alt="" sizes="76px" />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
