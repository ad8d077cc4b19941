import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import type { OfferDto } from '@souvenir/contracts';
import { offerItems } from '../offerText';
import { OfferItems } from './OfferItems';

/**
 * A bundle offer's items behind "Show the N items": the conversation's pane has a fixed height, and up to ten rows
 * above the messages would leave a phone no room to read them.
 */
export function OfferItemsDisclosure({ offer }: { offer: OfferDto }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const count = offerItems(offer).length;
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen((shown) => !shown)}
        aria-expanded={open}
        aria-controls={id}
        endIcon={
          <ExpandMoreRounded
            sx={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            aria-hidden
          />
        }
        sx={{ ml: -0.75, px: 0.75, minWidth: 0 }}
      >
        {open ? 'Hide the items' : `Show the ${count} items`}
      </Button>
      <Collapse in={open} id={id}>
        <Box sx={{ pt: 0.5, pb: 0.5, maxWidth: 420 }}>
          <OfferItems offer={offer} />
        </Box>
      </Collapse>
    </>
  );
}
