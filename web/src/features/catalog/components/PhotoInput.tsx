import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import { LIMITS, MESSAGES } from '@souvenir/contracts';
import { PhotoTiles } from '../../media/PhotoTiles';
import { PhotoUploader } from '../../media/PhotoUploader';

interface Props {
  images: string[];
  onChange: (images: string[]) => void;
  /** The form's error for the photos (shown under the link field, which is what the form focuses on submit). */
  error?: string;
}

const SAMPLE_COUNT = 3;

/** A photo that has not loaded by then is reported as not loading (a slow host, or a page that never ends). */
const IMAGE_CHECK_MS = 10_000;

/** The name the sell form focuses when the photos are what is wrong. */
export const PHOTO_URL_FIELD = 'images';

/** Why `url` cannot be a photo link, or null: the server's own rule (http or https, at most 2,048 characters). */
function urlProblem(url: string): string | null {
  if (url.length > LIMITS.imageUrlMax) return 'This link is too long (at most 2,048 characters)';
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? null : MESSAGES.imageUrl;
  } catch {
    return MESSAGES.imageUrl;
  }
}

/** Whether the browser can show `url` as an image: a web page or a missing file fails here instead of in the listing. */
function loadsAsImage(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = window.setTimeout(() => done(false), IMAGE_CHECK_MS);
    function done(ok: boolean) {
      window.clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(ok);
    }
    image.onload = () => done(image.naturalWidth > 0);
    image.onerror = () => done(false);
    image.src = url;
  });
}

/**
 * Photos uploaded (dropped, picked or taken: PhotoUploader) or, as a second way, by pasted URL (Enter or Add), at most
 * six; the first one is the main photo, and the arrows reorder them. A link is checked before it is added (a web
 * address that loads as an image), and the reason it was refused is said under the field.
 */
export function PhotoInput({ images, onChange, error }: Props) {
  const [url, setUrl] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // The link being checked: an answer for a link the person has since changed (or a closed page) is dropped.
  const checked = useRef<string | null>(null);
  useEffect(
    () => () => {
      checked.current = null;
    },
    [],
  );
  const full = images.length >= LIMITS.imagesMax;
  const canAdd = url.trim() !== '' && !full && !checking;

  const refuse = (reason: string) => {
    setRefusal(reason);
    inputRef.current?.focus();
  };
  const add = async () => {
    if (!canAdd) return;
    const link = url.trim();
    const problem = urlProblem(link) ?? (images.includes(link) ? 'This photo is already added' : null);
    if (problem) return refuse(problem);
    checked.current = link;
    setChecking(true);
    const ok = await loadsAsImage(link);
    if (checked.current !== link) return;
    checked.current = null;
    setChecking(false);
    if (!ok)
      return refuse(
        'This link does not open as an image. Use the address of the photo itself (e.g. ending in .jpg or .png).',
      );
    onChange([...images, link]);
    setUrl('');
    setRefusal(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void add();
    }
  };
  const edit = (next: string) => {
    checked.current = null;
    setChecking(false);
    setRefusal(null);
    setUrl(next);
  };
  const useSample = () => edit(`${window.location.origin}/samples/souvenir-${(images.length % SAMPLE_COUNT) + 1}.jpg`);
  const message = refusal ?? error;

  return (
    <Box>
      <PhotoUploader images={images} onChange={onChange} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2.5, mb: 1.5 }}>
        Or add a photo by its link
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Image URL"
          name={PHOTO_URL_FIELD}
          type="url"
          placeholder="https://example.com/photo.jpg"
          value={url}
          inputRef={inputRef}
          onChange={(event) => edit(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={full}
          error={Boolean(message)}
          helperText={
            message ??
            (full
              ? `Maximum ${LIMITS.imagesMax} images reached`
              : checking
                ? 'Checking the photo…'
                : 'Paste a link to a photo and press Enter or Add')
          }
        />
        <Button
          variant="contained"
          color="secondary"
          onClick={() => void add()}
          disabled={!canAdd}
          startIcon={<AddPhotoAlternateRounded />}
          sx={{ height: 56, flexShrink: 0 }}
        >
          {checking ? 'Checking...' : 'Add'}
        </Button>
      </Stack>
      <Button size="small" onClick={useSample} disabled={full} sx={{ mt: 1 }}>
        Use Sample Image
      </Button>
      <PhotoTiles
        images={images}
        onChange={onChange}
        empty="No photos yet. The first photo you add becomes the main photo."
      />
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
        {images.length} / {LIMITS.imagesMax} photos
      </Typography>
    </Box>
  );
}
