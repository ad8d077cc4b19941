import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import BlockRounded from '@mui/icons-material/BlockRounded';
import { useListBlocksQuery, useUnblockUserMutation } from '../blocksApi';
import { BlockDialog } from './BlockDialog';

interface Props {
  user: { id: string; firstName: string };
  /** An icon alone (a conversation's header), or a labelled button (a profile). */
  compact?: boolean;
}

/** Block someone (after a confirmation), or unblock them when they are blocked already. Signed-in members only. */
export function BlockButton({ user, compact = false }: Props) {
  const [open, setOpen] = useState(false);
  const blocks = useListBlocksQuery();
  const [unblock, { isLoading: unblocking }] = useUnblockUserMutation();
  const blocked = blocks.data?.some((b) => b.user.id === user.id) ?? false;
  const label = blocked ? `Unblock ${user.firstName}` : `Block ${user.firstName}`;
  const onClick = () => (blocked ? void unblock(user.id) : setOpen(true));
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <IconButton aria-label={label} onClick={onClick} disabled={blocks.isLoading || unblocking}>
            <BlockRounded color={blocked ? 'error' : undefined} />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          variant="outlined"
          color={blocked ? 'inherit' : 'error'}
          startIcon={<BlockRounded />}
          onClick={onClick}
          disabled={blocks.isLoading || unblocking}
        >
          {blocked ? 'Unblock' : 'Block'}
        </Button>
      )}
      <BlockDialog open={open} user={user} onClose={() => setOpen(false)} />
    </>
  );
}
