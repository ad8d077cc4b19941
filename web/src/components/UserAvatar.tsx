import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';

interface Props {
  firstName: string;
  lastName: string;
  avatar: string | null;
  size?: number;
  sx?: SxProps<Theme>;
}

/** The user's picture, or their initials on a warm background. */
export function UserAvatar({ firstName, lastName, avatar, size = 48, sx }: Props) {
  const initials = `${firstName.slice(0, 1)}${lastName.slice(0, 1)}`.toUpperCase();
  return (
    <Avatar
      src={avatar ?? undefined}
      alt={`${firstName} ${lastName}`}
      sx={{ width: size, height: size, bgcolor: 'secondary.main', fontWeight: 700, fontSize: size * 0.38, ...sx }}
    >
      {initials}
    </Avatar>
  );
}
