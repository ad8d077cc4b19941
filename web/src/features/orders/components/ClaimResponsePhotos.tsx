import Typography from '@mui/material/Typography';
import { PhotoTiles } from '../../media/PhotoTiles';
import { PhotoUploader } from '../../media/PhotoUploader';

/**
 * The seller's photos with their side of a claim, uploaded as the buyer's are (the uploader of /sell): kept as
 * evidence, so only the order's two parties and support see them, by links signed for minutes.
 */
export function ClaimResponsePhotos({
  photos,
  onChange,
  max,
}: {
  photos: string[];
  onChange: (photos: string[]) => void;
  max: number;
}) {
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        Photos for support (optional)
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
        For example the item as you packed it, or the postage receipt.
      </Typography>
      <PhotoUploader images={photos} onChange={onChange} max={max} />
      <PhotoTiles images={photos} onChange={onChange} label="Your photos" main={false} />
    </>
  );
}
