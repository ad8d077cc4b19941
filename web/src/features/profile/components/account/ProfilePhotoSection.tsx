import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import type { MeDto } from '@souvenir/contracts';
import { asApiError } from '../../../../api/api';
import { UserAvatar } from '../../../../components/UserAvatar';
import { uploadPhoto, UploadError } from '../../../media/uploadPhoto';
import { useSetAvatarMutation } from '../../avatarApi';

/** What the media service accepts, as for listing photos (it judges the bytes; this only narrows the file picker). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif';

/**
 * The profile photo: uploaded through the listing photos' route (same types, size and limits), shown whole in a
 * square cut to a circle, no cropping step; "Remove photo" brings the initials back. The smallest size is kept: the
 * largest place an avatar is drawn is far under 320 px.
 */
export function ProfilePhotoSection({ me }: { me: MeDto }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [setAvatar, { isLoading: saving }] = useSetAvatarMutation();
  const busy = progress !== null || saving;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setDone(null);
    setProgress(0);
    try {
      const uploaded = await uploadPhoto(file, setProgress);
      const smallest = uploaded.sizes[0]?.url ?? uploaded.url;
      await setAvatar({ avatar: new URL(smallest, window.location.origin).pathname }).unwrap();
      setDone('Your profile photo is updated.');
    } catch (failure) {
      setError(
        failure instanceof UploadError
          ? failure.message
          : (asApiError(failure)?.message ?? 'The photo could not be saved. Please try again.'),
      );
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setError(null);
    setDone(null);
    try {
      await setAvatar({ avatar: null }).unwrap();
      setDone('Your profile photo is removed.');
    } catch (failure) {
      setError(asApiError(failure)?.message ?? 'The photo could not be removed. Please try again.');
    }
  };

  return (
    <Box component="section" aria-labelledby="profile-photo-heading">
      <Typography id="profile-photo-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        Profile photo
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <UserAvatar firstName={me.firstName} lastName={me.lastName} avatar={me.avatar} size={96} />
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            Shown next to your name on your profile, your listings, your messages and your reviews. JPEG, PNG, WebP,
            HEIC or AVIF, up to 10 MB.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              startIcon={<PhotoCameraRounded />}
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              {me.avatar ? 'Change photo' : 'Upload photo'}
            </Button>
            {me.avatar && (
              <Button
                variant="outlined"
                startIcon={<DeleteOutlineRounded />}
                disabled={busy}
                onClick={() => void remove()}
              >
                Remove photo
              </Button>
            )}
          </Stack>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label="Profile photo file"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {progress !== null && (
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label="Uploading the photo"
              sx={{ mt: 2 }}
            />
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          {done && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              {done}
            </Alert>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
