import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { HomeFilters } from '../hooks/useHomeFilters';
import { FilterSidebar } from './FilterSidebar';

interface Props {
  open: boolean;
  onClose: () => void;
  filters: HomeFilters;
  onChange: (changes: Partial<HomeFilters>) => void;
  onClearAll: () => void;
  priceRangeImpossible: boolean;
  /** The results' total for the filters as they stand, or null while it is being counted. */
  total: number | null;
}

/**
 * The phone's filters: a sheet from the bottom over the results (a modal dialog: focus stays inside, Escape and
 * the close button dismiss it), so the results come first on a small screen. Changes apply as they are made;
 * the footer's button shows how many results they leave. Loaded on the first tap of "Filters".
 */
export default function FiltersDrawer({
  open,
  onClose,
  filters,
  onChange,
  onClearAll,
  priceRangeImpossible,
  total,
}: Props) {
  const headingId = useId();
  const show =
    total === null ? 'Show results' : `Show ${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'}`;
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': headingId,
          sx: { maxHeight: '88dvh', borderTopLeftRadius: 20, borderTopRightRadius: 20 },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, pt: 2, pb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          Filters
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button size="small" onClick={onClearAll}>
            Clear all
          </Button>
          <IconButton aria-label="Close filters" onClick={onClose}>
            <CloseRounded />
          </IconButton>
        </Stack>
      </Stack>
      <Box sx={{ overflowY: 'auto', px: 2.5, pb: 2 }}>
        <FilterSidebar
          variant="panel"
          value={filters}
          onChange={onChange}
          onClearAll={onClearAll}
          priceRangeImpossible={priceRangeImpossible}
        />
      </Box>
      <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Button fullWidth variant="contained" size="large" onClick={onClose}>
          {show}
        </Button>
      </Box>
    </Drawer>
  );
}
