import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import { formatAwayDate } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';

interface Props {
  /** The seller's return date, `YYYY-MM-DD`. */
  until: string;
  /** The seller is looking at their own item. */
  isOwner: boolean;
}

/** A product of a seller in away mode: it cannot be bought until their return date (the server refuses it too). */
export function AwayNotice({ until, isOwner }: Props) {
  const date = formatAwayDate(until);
  return (
    <Alert severity="info" icon={<BeachAccessOutlined />} role="status">
      <AlertTitle>Away until {date}</AlertTitle>
      {isOwner ? (
        <>
          Nobody can buy your items until then.{' '}
          <Link component={RouterLink} to="/account#away-mode" sx={{ fontWeight: 600 }}>
            Change it in Account settings
          </Link>
        </>
      ) : (
        `The seller is away: you can buy this item from ${date}. You can still send them a message.`
      )}
    </Alert>
  );
}
