import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { ProductImage } from '../../components/ProductImage';
import { translucent } from '../../app/theme';

/** The round white buttons on a photo (remove, move). */
const tileButton = {
  bgcolor: (theme: Theme) => translucent(theme, 'common.white', 0.9),
  '&:hover': { bgcolor: 'common.white' },
} as const;

/** `images` with the photo at `from` moved to `to` (the first is the main photo). */
function moved(images: string[], from: number, to: number): string[] {
  const next = [...images];
  const [photo] = next.splice(from, 1);
  next.splice(to, 0, photo!);
  return next;
}

interface Props {
  images: string[];
  onChange: (images: string[]) => void;
  /** Said when there is no photo yet (nothing is shown without it). */
  empty?: string;
  /** The list's name (its accessible label). */
  label?: string;
  /** Whether the first photo is marked as the main one (a listing's photos; not a claim's). */
  main?: boolean;
}

/** The photos added so far as tiles: each can be removed, and the arrows reorder them (the first is the main photo). */
export function PhotoTiles({ images, onChange, empty, label = 'Photos', main = true }: Props) {
  if (!images.length)
    return empty === undefined ? null : (
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
        {empty}
      </Typography>
    );
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mt: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
      }}
    >
      {images.map((image, index) => (
        <Box
          component="li"
          key={`${image}-${index}`}
          sx={{
            position: 'relative',
            aspectRatio: '1 / 1',
            borderRadius: 3,
            overflow: 'hidden',
            border: '2px solid',
            borderColor: main && index === 0 ? 'primary.main' : 'divider',
          }}
        >
          <ProductImage src={image} alt={`Photo ${index + 1}`} sizes="(min-width: 600px) 200px, 50vw" />
          {main && index === 0 && (
            <Chip size="small" label="Main photo" color="primary" sx={{ position: 'absolute', left: 8, bottom: 8 }} />
          )}
          <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', right: 6, bottom: 6 }}>
            {index > 0 && (
              <IconButton
                size="small"
                aria-label={`Move photo ${index + 1} earlier`}
                onClick={() => onChange(moved(images, index, index - 1))}
                sx={tileButton}
              >
                <ChevronLeftRounded fontSize="small" />
              </IconButton>
            )}
            {index < images.length - 1 && (
              <IconButton
                size="small"
                aria-label={`Move photo ${index + 1} later`}
                onClick={() => onChange(moved(images, index, index + 1))}
                sx={tileButton}
              >
                <ChevronRightRounded fontSize="small" />
              </IconButton>
            )}
          </Stack>
          <IconButton
            size="small"
            aria-label={`Remove photo ${index + 1}`}
            onClick={() => onChange(images.filter((_, i) => i !== index))}
            sx={{ ...tileButton, position: 'absolute', top: 6, right: 6 }}
          >
            <CloseRounded fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
