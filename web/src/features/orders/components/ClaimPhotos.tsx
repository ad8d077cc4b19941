import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ProductImage } from '../../../components/ProductImage';

/**
 * A claim's photos as thumbnails, each opening whole in a new tab: the buyer's with the claim, the seller's with
 * their answer. `who` names them apart for a screen reader ("Seller's photo 2").
 */
export function ClaimPhotos({ photos, who }: { photos: string[]; who: 'Buyer' | 'Seller' }) {
  if (!photos.length) return null;
  const noun = who === 'Buyer' ? 'Claim photo' : "Seller's photo";
  return (
    <Box
      component="ul"
      aria-label={who === 'Buyer' ? 'Photos' : "Seller's photos"}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
    >
      {photos.map((photo, index) => (
        <li key={photo + index}>
          <Link
            href={photo}
            target="_blank"
            rel="noopener noreferrer nofollow"
            aria-label={`${who === 'Buyer' ? 'Photo' : "Seller's photo"} ${index + 1} (opens in a new tab)`}
            sx={{
              display: 'block',
              width: 88,
              height: 88,
              borderRadius: 2,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <ProductImage src={photo} alt={`${noun} ${index + 1}`} />
          </Link>
        </li>
      ))}
    </Box>
  );
}
