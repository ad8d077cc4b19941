import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TuneRounded from '@mui/icons-material/TuneRounded';
import { CONDITIONS, FILTER_CATEGORIES, SELLER_LOCATIONS, type Condition } from '@souvenir/contracts';
import type { HomeFilters } from '../hooks/useHomeFilters';
import { ContentsFacet } from '../../customs/ContentsFacet';
import { ShipsToFacet } from '../../customs/ShipsToFacet';

export const conditionLabels: Record<Condition, string> = { new: 'New', 'like-new': 'Like New', good: 'Good' };
export const IMPOSSIBLE_RANGE = 'Minimum is above maximum';
const ANY_LOCATION = SELLER_LOCATIONS[0];

interface Props {
  value: HomeFilters;
  onChange: (changes: Partial<HomeFilters>) => void;
  /** Clears every filter, the search and the country included. */
  onClearAll: () => void;
  priceRangeImpossible: boolean;
  /** 'sidebar' beside the results (desktop); 'panel' inside the phone's filter drawer, which has its own heading. */
  variant?: 'sidebar' | 'panel';
}

/**
 * Price range, categories, condition and seller location (spec sections 3 and 5). The category boxes are the
 * sidebar's browse names (FILTER_CATEGORIES): each stands for the sell categories the mapping gives it. Ids come
 * from useId: the desktop sidebar stays in the page (hidden) while the phone's drawer shows another copy.
 */
export function FilterSidebar({ value, onChange, onClearAll, priceRangeImpossible, variant = 'sidebar' }: Props) {
  const id = useId();
  const toggleCategory = (name: string) =>
    onChange({
      categories: value.categories.includes(name)
        ? value.categories.filter((c) => c !== name)
        : [...value.categories, name],
    });
  const priceError = priceRangeImpossible ? `${id}-price-error` : undefined;

  const fields = (
    <>
      <FormControl component="fieldset" variant="standard" error={priceRangeImpossible} sx={{ width: '100%' }}>
        <FormLabel
          component="legend"
          sx={{ fontWeight: 700, color: 'text.primary', mb: 1, '&.Mui-error': { color: 'text.primary' } }}
        >
          Price Range
        </FormLabel>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label="Min"
            type="number"
            value={value.minPrice}
            error={priceRangeImpossible}
            onChange={(event) => onChange({ minPrice: event.target.value })}
            slotProps={{
              htmlInput: { min: 0, step: 0.01, 'aria-label': 'Minimum price', 'aria-describedby': priceError },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <Typography aria-hidden>–</Typography>
          <TextField
            size="small"
            label="Max"
            type="number"
            value={value.maxPrice}
            error={priceRangeImpossible}
            onChange={(event) => onChange({ maxPrice: event.target.value })}
            slotProps={{
              htmlInput: { min: 0, step: 0.01, 'aria-label': 'Maximum price', 'aria-describedby': priceError },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
        </Stack>
        {priceRangeImpossible && (
          <FormHelperText id={priceError} role="alert" sx={{ mx: 0 }}>
            {IMPOSSIBLE_RANGE}
          </FormHelperText>
        )}
      </FormControl>

      <Divider sx={{ my: 2.5 }} />
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
          Category
        </FormLabel>
        <FormGroup>
          {FILTER_CATEGORIES.map((name) => (
            <FormControlLabel
              key={name}
              control={
                <Checkbox
                  size="small"
                  checked={value.categories.includes(name)}
                  onChange={() => toggleCategory(name)}
                />
              }
              label={name}
            />
          ))}
        </FormGroup>
      </FormControl>

      <Divider sx={{ my: 2.5 }} />
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend" id={`${id}-condition`} sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
          Condition
        </FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-condition`}
          value={value.condition}
          onChange={(event) => onChange({ condition: event.target.value as Condition | '' })}
        >
          <FormControlLabel value="" control={<Radio size="small" />} label="Any Condition" />
          {CONDITIONS.map((condition) => (
            <FormControlLabel
              key={condition}
              value={condition}
              control={<Radio size="small" />}
              label={conditionLabels[condition]}
            />
          ))}
        </RadioGroup>
      </FormControl>

      <Divider sx={{ my: 2.5 }} />
      <ShipsToFacet value={value} onChange={onChange} />
      <Divider sx={{ my: 2.5 }} />
      <FormControl fullWidth size="small">
        <InputLabel id={`${id}-location`}>Seller Location</InputLabel>
        <Select
          labelId={`${id}-location`}
          label="Seller Location"
          value={value.location || ANY_LOCATION}
          onChange={(event) => onChange({ location: event.target.value === ANY_LOCATION ? '' : event.target.value })}
        >
          {SELLER_LOCATIONS.map((location) => (
            <MenuItem key={location} value={location}>
              {location}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Divider sx={{ my: 2.5 }} />
      <ContentsFacet value={value} onChange={onChange} />
    </>
  );

  if (variant === 'panel') return <Box>{fields}</Box>;

  return (
    <Card
      component="aside"
      aria-labelledby={`${id}-heading`}
      sx={{ p: 2.5, position: { md: 'sticky' }, top: { md: 96 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TuneRounded color="primary" aria-hidden />
          <Typography id={`${id}-heading`} variant="h6" component="h2">
            Filters
          </Typography>
        </Stack>
        <Button size="small" onClick={onClearAll}>
          Clear all
        </Button>
      </Stack>
      {fields}
    </Card>
  );
}
