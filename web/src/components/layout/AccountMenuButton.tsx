import { lazy, Suspense, useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import type { MeDto } from '@souvenir/contracts';

/** The menu (Menu, Popover, Modal) loads on the first click of the avatar, not with every page. */
const AccountMenu = lazy(() => import('./AccountMenu'));

/**
 * The signed-in person's avatar in the desktop header; it opens their account menu (profile, orders, payouts,
 * settings, Sign Out). Its name says whose account it is, as the first name beside the icon did before.
 */
export function AccountMenuButton({
  user,
  onSignOut,
  isSigningOut,
}: {
  user: MeDto;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
  const label = `Account: ${user.firstName}`;

  return (
    <>
      <Button
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
        endIcon={<ExpandMoreRounded />}
        sx={{
          minWidth: 0,
          pl: 0.5,
          pr: 1,
          borderRadius: 999,
          color: 'text.secondary',
          '& .MuiButton-endIcon': { ml: 0.25 },
        }}
      >
        <Avatar
          src={user.avatar ?? undefined}
          alt=""
          sx={{ width: 32, height: 32, fontSize: '0.95rem', bgcolor: 'primary.main' }}
        >
          {user.firstName.charAt(0).toUpperCase()}
        </Avatar>
      </Button>
      {menuWanted && (
        <Suspense fallback={null}>
          <AccountMenu
            anchor={anchor}
            menuId={menuId}
            user={user}
            onClose={() => setAnchor(null)}
            onSignOut={onSignOut}
            isSigningOut={isSigningOut}
          />
        </Suspense>
      )}
    </>
  );
}
