import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { LIMITS } from '@souvenir/contracts';
import { ProductImage } from '../../../components/ProductImage';

interface Props {
  images: string[];
  onChange: (images: string[]) => void;
  error?: string;
}

const SAMPLE_COUNT = 3;

/** Photos by pasted URL (Enter or Add), at most six; the first one is the main photo. */
export function PhotoInput({ images, onChange, error }: Props) {
  const [url, setUrl] = useState('');
  const full = images.length >= LIMITS.imagesMax;
  const canAdd = url.trim() !== '' && !full;

  const add = () => {
    if (!canAdd) return;
    onChange([...images, url.trim()]);
    setUrl('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const useSample = () => setUrl(`${window.location.origin}/samples/souvenir-${(images.length % SAMPLE_COUNT) + 1}.jpg`);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Image URL"
          placeholder="https://example.com/photo.jpg"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={full}
          helperText={full ? `Maximum ${LIMITS.imagesMax} images reached` : 'Paste a link to a photo and press Enter or Add'}
        />
        <Button variant="contained" color="secondary" onClick={add} disabled={!canAdd} startIcon={<AddPhotoAlternateRounded />} sx={{ height: 56, flexShrink: 0 }}>
          Add
        </Button>
      </Stack>
      <Button size="small" onClick={useSample} disabled={full} sx={{ mt: 1 }}>
        Use Sample Image
      </Button>
      {error && <FormHelperText error>{error}</FormHelperText>}
      {images.length > 0 ? (
        <Box component="ul" aria-label="Photos" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' } }}>
          {images.map((image, index) => (
            <Box component="li" key={`${image}-${index}`} sx={{ position: 'relative', aspectRatio: '1 / 1', borderRadius: 3, overflow: 'hidden', border: '2px solid', borderColor: index === 0 ? 'primary.main' : 'divider' }}>
              <ProductImage src={image} alt={`Photo ${index + 1}`} />
              {index === 0 && <Chip size="small" label="Main photo" color="primary" sx={{ position: 'absolute', left: 8, bottom: 8 }} />}
              <IconButton
                size="small"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onChange(images.filter((_, i) => i !== index))}
                sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          No photos yet. The first photo you add becomes the main photo.
        </Typography>
      )}
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
        {images.length} / {LIMITS.imagesMax} photos
      </Typography>
    </Box>
  );
}
