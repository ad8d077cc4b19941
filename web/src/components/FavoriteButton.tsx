import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import { useCurrentUser } from '../features/auth/hooks/useCurrentUser';
import { useToast } from '../hooks/useToast';

interface Props {
  favorited: boolean;
  title: string;
  sx?: SxProps<Theme>;
}

/** The favourite heart (red when set). Favouriting needs sign-in; toggling lands with the favourites feature. */
export function FavoriteButton({ favorited, title, sx }: Props) {
  const { user } = useCurrentUser();
  const toast = useToast();
  const onClick = (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!user) toast({ title: 'Please log in', description: 'You need to be logged in to add favorites', variant: 'error' });
  };
  return (
    <IconButton
      onClick={onClick}
      aria-label={favorited ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
      aria-pressed={favorited}
      sx={{ bgcolor: 'rgba(255,255,255,0.92)', '&:hover': { bgcolor: '#fff' }, boxShadow: '0 2px 8px rgba(0,0,0,0.12)', ...sx }}
    >
      {favorited ? <FavoriteRounded sx={{ color: '#E0245E' }} /> : <FavoriteBorderRounded />}
    </IconButton>
  );
}
