import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { CONTENTS_LABELS } from '@souvenir/contracts';
import { NO_FILTERS, type HomeFilters } from '../hooks/useHomeFilters';
import { conditionLabels } from './FilterSidebar';

interface ActiveFilter {
  key: string;
  label: string;
  /** What removing this chip changes. */
  clear: Partial<HomeFilters>;
}

function money(value: string): string {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? `$${n % 1 === 0 ? n : n.toFixed(2)}` : value;
}

function priceLabel(min: string, max: string): string {
  if (min && max) return `${money(min)} – ${money(max)}`;
  return min ? `From ${money(min)}` : `Up to ${money(max)}`;
}

/** Every active filter of Home, search and country included, in the order the page applies them. */
export function activeFilters(filters: HomeFilters): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (filters.search.trim())
    chips.push({ key: 'search', label: `Search: ${filters.search.trim()}`, clear: { search: '' } });
  if (filters.country) chips.push({ key: 'country', label: `Country: ${filters.country}`, clear: { country: '' } });
  for (const category of filters.categories) {
    chips.push({
      key: `category:${category}`,
      label: category,
      clear: { categories: filters.categories.filter((c) => c !== category) },
    });
  }
  if (filters.minPrice || filters.maxPrice) {
    chips.push({
      key: 'price',
      label: priceLabel(filters.minPrice, filters.maxPrice),
      clear: { minPrice: '', maxPrice: '' },
    });
  }
  if (filters.condition)
    chips.push({
      key: 'condition',
      label: `Condition: ${conditionLabels[filters.condition]}`,
      clear: { condition: '' },
    });
  if (filters.location)
    chips.push({ key: 'location', label: `Seller in ${filters.location}`, clear: { location: '' } });
  for (const item of filters.contents) {
    chips.push({
      key: `contents:${item}`,
      label: `Contains: ${CONTENTS_LABELS[item]}`,
      clear: { contents: filters.contents.filter((c) => c !== item) },
    });
  }
  if (filters.documentedOrigin)
    chips.push({ key: 'documented', label: 'Documented origin', clear: { documentedOrigin: false } });
  if (filters.shipsTo) chips.push({ key: 'shipsTo', label: `Ships to ${filters.shipsTo}`, clear: { shipsTo: '' } });
  return chips;
}

interface Props {
  filters: HomeFilters;
  onChange: (changes: Partial<HomeFilters>) => void;
  /** The phone's "Filters (n)" button, first in the row. */
  leading?: ReactNode;
  /** "Save this search", last in the row. */
  trailing?: ReactNode;
}

/**
 * The filters in force, each a chip that removes it, and "Clear all" for every one of them: nothing filters the
 * results without showing here (a country set from a destination card or the hero's select included).
 */
export function ActiveFilterChips({ filters, onChange, leading, trailing }: Props) {
  const chips = activeFilters(filters);
  if (!chips.length && !leading) return null;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap', alignItems: 'center', mb: chips.length ? 2 : { xs: 2, md: 0 } }}
    >
      {leading}
      {chips.length > 0 && (
        <Stack
          component="ul"
          aria-label="Active filters"
          direction="row"
          useFlexGap
          spacing={1}
          sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
        >
          {chips.map((chip) => (
            <li key={chip.key}>
              <Chip
                label={chip.label}
                onDelete={() => onChange(chip.clear)}
                onClick={() => onChange(chip.clear)}
                aria-label={`Remove filter ${chip.label}`}
                variant="outlined"
              />
            </li>
          ))}
        </Stack>
      )}
      {chips.length > 0 && (
        <Button size="small" onClick={() => onChange(NO_FILTERS)}>
          Clear all
        </Button>
      )}
      {trailing}
    </Stack>
  );
}
