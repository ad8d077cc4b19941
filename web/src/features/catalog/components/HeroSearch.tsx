import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import PublicRounded from '@mui/icons-material/PublicRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { HeroSearchBar } from './HomeHero';

interface Props {
  search: string;
  country: string;
  countries: string[];
  onSearch: (search: string, country: string) => void;
}

/** The home hero's search: free text and a country select (default All Countries). */
export function HeroSearch({ search, country, countries, onSearch }: Props) {
  const [text, setText] = useState(search);
  const [place, setPlace] = useState(country);
  // The form follows the URL's search and country (a chip removed, "Clear all", Back) in the same render, not in
  // an effect a frame later.
  const [shown, setShown] = useState({ search, country });
  if (shown.search !== search || shown.country !== country) {
    setShown({ search, country });
    setText(search);
    setPlace(country);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text, place);
  };

  const options = place && !countries.includes(place) ? [...countries, place] : countries;

  return (
    <HeroSearchBar onSubmit={submit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'stretch' }}>
        <TextField
          placeholder="What are you looking for?"
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'What are you looking for?' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
              sx: { borderRadius: 999, '& fieldset': { border: 'none' } },
            },
          }}
        />
        <FormControl sx={{ minWidth: { sm: 200 } }}>
          <InputLabel id="hero-country-label" sx={{ display: 'none' }}>
            Country
          </InputLabel>
          <Select
            labelId="hero-country-label"
            value={place}
            displayEmpty
            onChange={(event) => setPlace(event.target.value)}
            inputProps={{ 'aria-label': 'Country' }}
            startAdornment={<PublicRounded sx={{ color: 'text.secondary', mr: 1 }} />}
            sx={{ borderRadius: 999, '& fieldset': { border: 'none' }, bgcolor: 'background.default' }}
          >
            <MenuItem value="">All Countries</MenuItem>
            {options.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button type="submit" variant="contained" size="large" startIcon={<SearchRounded />}>
          Search
        </Button>
      </Stack>
    </HeroSearchBar>
  );
}
