import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
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

export interface SidebarFilters {
  minPrice: string;
  maxPrice: string;
  categories: string[];
  condition: Condition | '';
  location: string;
}

export const emptyFilters: SidebarFilters = { minPrice: '', maxPrice: '', categories: [], condition: '', location: 'Any Location' };

const conditionLabels: Record<Condition, string> = { new: 'New', 'like-new': 'Like New', good: 'Good' };

interface Props {
  value: SidebarFilters;
  onChange: (value: SidebarFilters) => void;
}

/** Price range, categories, condition and seller location (spec sections 3 and 5). */
export function FilterSidebar({ value, onChange }: Props) {
  const set = <K extends keyof SidebarFilters>(key: K, next: SidebarFilters[K]) => onChange({ ...value, [key]: next });
  const toggleCategory = (name: string) =>
    set('categories', value.categories.includes(name) ? value.categories.filter((c) => c !== name) : [...value.categories, name]);

  return (
    <Card component="aside" aria-labelledby="filters-heading" sx={{ p: 2.5, position: { md: 'sticky' }, top: { md: 96 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TuneRounded color="primary" aria-hidden />
          <Typography id="filters-heading" variant="h6" component="h2">
            Filters
          </Typography>
        </Stack>
        <Button size="small" onClick={() => onChange(emptyFilters)}>
          Clear all
        </Button>
      </Stack>

      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 1, display: 'block' }}>
        Price Range
      </FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label="Min"
          type="number"
          value={value.minPrice}
          onChange={(event) => set('minPrice', event.target.value)}
          slotProps={{ htmlInput: { min: 0, step: 0.01, 'aria-label': 'Minimum price' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <Typography aria-hidden>–</Typography>
        <TextField
          size="small"
          label="Max"
          type="number"
          value={value.maxPrice}
          onChange={(event) => set('maxPrice', event.target.value)}
          slotProps={{ htmlInput: { min: 0, step: 0.01, 'aria-label': 'Maximum price' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
      </Stack>

      <Divider sx={{ my: 2.5 }} />
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
          Category
        </FormLabel>
        <FormGroup>
          {FILTER_CATEGORIES.map((name) => (
            <FormControlLabel key={name} control={<Checkbox size="small" checked={value.categories.includes(name)} onChange={() => toggleCategory(name)} />} label={name} />
          ))}
        </FormGroup>
      </FormControl>

      <Divider sx={{ my: 2.5 }} />
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend" id="condition-label" sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
          Condition
        </FormLabel>
        <RadioGroup aria-labelledby="condition-label" value={value.condition} onChange={(event) => set('condition', event.target.value as Condition | '')}>
          <FormControlLabel value="" control={<Radio size="small" />} label="Any Condition" />
          {CONDITIONS.map((condition) => (
            <FormControlLabel key={condition} value={condition} control={<Radio size="small" />} label={conditionLabels[condition]} />
          ))}
        </RadioGroup>
      </FormControl>

      <Divider sx={{ my: 2.5 }} />
      <FormControl fullWidth size="small">
        <InputLabel id="location-label">Seller Location</InputLabel>
        <Select labelId="location-label" label="Seller Location" value={value.location} onChange={(event) => set('location', event.target.value)}>
          {SELLER_LOCATIONS.map((location) => (
            <MenuItem key={location} value={location}>
              {location}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box />
    </Card>
  );
}
