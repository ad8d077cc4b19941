import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import { useToggleFavorite } from '../features/favorites/hooks/useToggleFavorite';
import { translucent } from '../app/theme';

interface Props {
  productId: string;
  favorited: boolean;
  title: string;
  sx?: SxProps<Theme>;
}

/** The favourite heart (red when set); toggles the product's favourite, or asks to log in when signed out (and favourites it once signed in). */
export function FavoriteButton({ productId, favorited, title, sx }: Props) {
  const { toggle, isPending } = useToggleFavorite(productId, favorited, title);
  const onClick = (event: React.MouseEvent) => {
    // The heart sits on a card that links to the product.
    event.preventDefault();
    event.stopPropagation();
    void toggle();
  };
  return (
    <IconButton
      onClick={onClick}
      // Acts as the signed-in person: a tap before the session is known waits for it (web/scripts/first-tap.js).
      data-needs-session=""
      aria-label={favorited ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
      aria-pressed={favorited}
      aria-busy={isPending || undefined}
      sx={{
        bgcolor: (theme) => translucent(theme, 'common.white', 0.92),
        '&:hover': { bgcolor: 'common.white' },
        boxShadow: (theme) => `0 2px 8px ${translucent(theme, 'common.black', 0.12)}`,
        ...sx,
      }}
    >
      {favorited ? <FavoriteRounded sx={{ color: 'brand.heart' }} /> : <FavoriteBorderRounded />}
    </IconButton>
  );
}
