import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import LocalMallOutlined from '@mui/icons-material/LocalMallOutlined';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { useHydratedValue } from '../../../hooks/useHydrated';
import { selectBundleCount } from '../bundleSlice';

/**
 * The header's way to the bundle, with its number of items; nothing while the bundle is empty. The bundle is kept in
 * the browser, so a server-rendered page shows none until hydrated.
 */
export function BundleHeaderLink() {
  const count = useHydratedValue(useAppSelector(selectBundleCount), 0);
  if (!count) return null;
  // The badge's number is part of the name (label in name), as for Messages.
  const label = `Bundle, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <IconButton component={RouterLink} to="/bundle" aria-label={label} title={label}>
      <Badge color="primary" badgeContent={count} max={99}>
        <LocalMallOutlined />
      </Badge>
    </IconButton>
  );
}
