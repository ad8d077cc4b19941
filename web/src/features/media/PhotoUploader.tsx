import { useEffect, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import { LIMITS, MESSAGES } from '@souvenir/contracts';
import { ArrivalOrder } from './arrivalOrder';
import { uploadPhoto, UploadError } from './uploadPhoto';

/** What the media service accepts (it judges the bytes; this only narrows the file picker). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif';

export const PRIVACY_NOTE = 'Location and camera data are removed from your photos.';

interface Upload {
  key: number;
  name: string;
  progress: number;
}

interface Props {
  images: string[];
  onChange: (images: string[]) => void;
  /** How many photos `images` may hold (a listing's six; a claim's six less its photo links). */
  max?: number;
}

/**
 * Drop, pick or take photos (the phone's camera): each is uploaded at once, with its progress, and added to the
 * photos (a listing's on /sell, a claim's on an order) when the server answers. Never more than `max`, counting those
 * still uploading.
 */
export function PhotoUploader({ images, onChange, max = LIMITS.imagesMax }: Props) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const pickRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  // Photos join in the order they were picked, not the order their uploads finish (the first is the main photo): a
  // finished upload waits for those picked before it, and a failed one stops holding the next.
  const arrivals = useRef(new ArrivalOrder());
  // Uploads finish one by one, each before the page re-renders with the last: each adds to the newest list.
  const latest = useRef(images);
  latest.current = images;
  const aborts = useRef(new AbortController());
  useEffect(() => {
    const controller = aborts.current;
    return () => controller.abort();
  }, []);

  const free = max - images.length - uploads.length;

  const start = (files: File[]) => {
    if (!files.length) return;
    const accepted = files.slice(0, Math.max(0, free));
    setProblems(accepted.length < files.length ? [MESSAGES.imagesMax] : []);
    for (const file of accepted) {
      const key = nextKey.current++;
      setUploads((current) => [...current, { key, name: file.name, progress: 0 }]);
      const setProgress = (progress: number) =>
        setUploads((current) => current.map((u) => (u.key === key ? { ...u, progress } : u)));
      const arrive = (url: string | null) => {
        // Media names a photo by its content: the same picture picked twice comes back as the same link, which
        // would show (and be sent) twice.
        const known = !!url && latest.current.includes(url);
        if (known) setProblems((current) => [...current, `${file.name}: ${MESSAGES.photoAlreadyAdded}`]);
        const settled = arrivals.current.settle(key, known ? null : url);
        const ready = [...new Set(settled)].filter((u) => !latest.current.includes(u));
        if (!ready.length || aborts.current.signal.aborted) return;
        const next = [...latest.current, ...ready];
        latest.current = next;
        onChange(next);
      };
      uploadPhoto(file, setProgress, aborts.current.signal)
        .then(
          (photo) => photo.url,
          (error: unknown) => {
            if (!aborts.current.signal.aborted) {
              const reason = error instanceof UploadError ? error.message : 'The photo could not be uploaded.';
              setProblems((current) => [...current, `${file.name}: ${reason}`]);
            }
            return null;
          },
        )
        .then(arrive)
        // A finished upload stays listed (and counted against the limit) until its photo has joined.
        .finally(() => setUploads((current) => current.filter((u) => !arrivals.current.hasJoined(u.key))));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 3,
          p: { xs: 2, sm: 3 },
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : 'transparent',
        }}
      >
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          Drop photos here, or
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateRounded />}
            onClick={() => pickRef.current?.click()}
            disabled={free <= 0}
          >
            Choose photos
          </Button>
          <Button
            variant="outlined"
            startIcon={<PhotoCameraRounded />}
            onClick={() => cameraRef.current?.click()}
            disabled={free <= 0}
          >
            Take a photo
          </Button>
        </Stack>
        <input
          ref={pickRef}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="photo-files"
          onChange={(event) => {
            start([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <input
          ref={cameraRef}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={(event) => {
            start([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Typography variant="caption" sx={{ display: 'block', mt: 1.5, color: 'text.secondary' }}>
          JPEG, PNG, WebP or HEIC, up to 10 MB each. {PRIVACY_NOTE}
        </Typography>
      </Box>
      {uploads.length > 0 && (
        <Stack component="ul" aria-label="Uploading" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {uploads.map((upload) => (
            <Box component="li" key={upload.key}>
              <Typography variant="caption" noWrap sx={{ display: 'block' }}>
                Uploading {upload.name}… {Math.round(upload.progress * 100)}%
              </Typography>
              <LinearProgress
                variant="determinate"
                value={upload.progress * 100}
                aria-label={`Uploading ${upload.name}`}
              />
            </Box>
          ))}
        </Stack>
      )}
      {problems.length > 0 && (
        <Alert severity="error" onClose={() => setProblems([])} sx={{ mt: 2 }}>
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
