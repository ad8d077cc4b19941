import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import type { MeDto } from '@souvenir/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface AccountMenuProps {
  anchor: HTMLElement | null;
  menuId: string;
  user: MeDto;
  onClose: () => void;
  onSignOut: () => void;
  isSigningOut: boolean;
}

/**
 * The signed-in person's menu under their avatar in the desktop header, loaded on its first opening. It holds
 * everything about their own account, so that the header keeps room for the search and never wraps; Favorites and
 * My Orders are also icons in the header on wide screens, where there is room for them.
 */
export default function AccountMenu({ anchor, menuId, user, onClose, onSignOut, isSigningOut }: AccountMenuProps) {
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      // A named section: the menu's popover sits outside the page's landmarks (axe "region").
      slotProps={{
        paper: { component: 'section', 'aria-label': `Account of ${user.firstName}`, sx: { mt: 1, minWidth: 240 } },
      }}
    >
      <AccountLink
        to="/profile"
        icon={<PersonOutlineRounded />}
        label="My profile"
        detail={`@${user.username}`}
        onClose={onClose}
      />
      <AccountLink to="/profile?tab=favorites" icon={<FavoriteBorderRounded />} label="Favorites" onClose={onClose} />
      <AccountLink to="/orders" icon={<ReceiptLongOutlined />} label="My Orders" onClose={onClose} />
      <AccountLink to="/offers" icon={<LocalOfferOutlined />} label="Offers" onClose={onClose} />
      <AccountLink to="/saved-searches" icon={<BookmarkBorderRounded />} label="Saved searches" onClose={onClose} />
      <AccountLink to="/profile/payouts" icon={<AccountBalanceWalletOutlined />} label="Payouts" onClose={onClose} />
      <AccountLink to="/account" icon={<ManageAccountsOutlined />} label="Account settings" onClose={onClose} />
      {user.role === 'support' && (
        <AccountLink
          to="/support"
          icon={<SupportAgentRounded />}
          label="Support"
          detail="Open claims"
          onClose={onClose}
        />
      )}
      <Divider />
      <MenuItem
        disabled={isSigningOut}
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        <ListItemText primary="Sign Out" />
      </MenuItem>
    </Menu>
  );
}

function AccountLink({
  to,
  icon,
  label,
  detail,
  onClose,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  detail?: string;
  onClose: () => void;
}) {
  return (
    <MenuItem component={RouterLink} to={to} onClick={onClose}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label} secondary={detail} />
    </MenuItem>
  );
}
