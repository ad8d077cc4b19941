import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import GridViewRounded from '@mui/icons-material/GridViewRounded';
import ViewListRounded from '@mui/icons-material/ViewListRounded';
import type { ProductSort } from '@souvenir/contracts';

export type ViewMode = 'grid' | 'list';

/**
 * The toolbar's summary: "Showing 24 results for "tea bowl" in Japan". Past the server's counting bound the total
 * is a lower bound: "Showing 1,000+ results".
 */
export function resultsSummary(
  total: number,
  {
    isLowerBound = false,
    search = '',
    country = '',
  }: { isLowerBound?: boolean; search?: string; country?: string } = {},
): string {
  const count = `${total.toLocaleString('en-US')}${isLowerBound ? '+' : ''}`;
  let text = `Showing ${count} ${total === 1 && !isLowerBound ? 'result' : 'results'}`;
  if (search) text += ` for "${search}"`;
  if (country) text += ` in ${country}`;
  return text;
}

const sortOptions: { value: ProductSort; label: string }[] = [
  { value: 'recent', label: 'Most Recent' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'popular', label: 'Most Popular' },
];

interface Props {
  summary: string | null;
  sort: ProductSort;
  onSortChange: (sort: ProductSort) => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  /** Shown after the layout buttons (the phone's "Save this search"). */
  trailing?: ReactNode;
}

export function ResultsToolbar({ summary, sort, onSortChange, view, onViewChange, trailing }: Props) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
    >
      <Typography role="status" sx={{ color: 'text.secondary', fontWeight: 500 }}>
        {summary ?? '\u00a0'}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="sort-label">Sort by</InputLabel>
          <Select
            labelId="sort-label"
            label="Sort by"
            value={sort}
            onChange={(event) => onSortChange(event.target.value as ProductSort)}
          >
            {sortOptions.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: ViewMode | null) => next && onViewChange(next)}
          aria-label="Layout"
        >
          <ToggleButton value="grid" aria-label="Grid view">
            <GridViewRounded fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label="List view">
            <ViewListRounded fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        {trailing}
      </Stack>
    </Stack>
  );
}
