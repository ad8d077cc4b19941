import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PublicRounded from '@mui/icons-material/PublicRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';

interface Props {
  search: string;
  country: string;
  countries: string[];
  onSearch: (search: string, country: string) => void;
}

/** The home hero: free text and a country select (default All Countries). */
export function HeroSearch({ search, country, countries, onSearch }: Props) {
  const [text, setText] = useState(search);
  const [place, setPlace] = useState(country);
  useEffect(() => setText(search), [search]);
  useEffect(() => setPlace(country), [country]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text, place);
  };

  const options = place && !countries.includes(place) ? [...countries, place] : countries;

  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        color: '#fff',
        py: { xs: 8, md: 12 },
        background: 'linear-gradient(135deg, #9E4122 0%, #C4572F 45%, #1F6F78 100%)',
      }}
    >
      <Box aria-hidden sx={{ position: 'absolute', inset: 0, opacity: 0.18, backgroundImage: 'radial-gradient(circle at 15% 25%, #fff 0 2px, transparent 3px), radial-gradient(circle at 75% 65%, #fff 0 2px, transparent 3px)', backgroundSize: '48px 48px, 64px 64px' }} />
      <Box aria-hidden component="svg" viewBox="0 0 400 200" sx={{ position: 'absolute', right: -40, bottom: -20, width: { xs: 320, md: 560 }, opacity: 0.16 }}>
        <path d="M10 150 Q 120 20 220 100 T 390 40" fill="none" stroke="#fff" strokeWidth="3" strokeDasharray="8 10" />
        <path d="M380 30 l14 6 -12 10z" fill="#fff" />
        <circle cx="10" cy="150" r="8" fill="#fff" />
      </Box>
      <Container maxWidth="md" sx={{ position: 'relative', textAlign: 'center' }}>
        <Typography variant="overline" sx={{ color: '#FFD9C2' }}>
          Customs-cleared · Shipped from home
        </Typography>
        <Typography id="hero-heading" variant="h1" sx={{ mt: 1 }}>
          Souvenirs from around the world, without the plane ticket
        </Typography>
        <Typography sx={{ mt: 2, fontSize: { md: '1.2rem' }, color: 'rgba(255,255,255,0.88)' }}>
          Travellers sell the treasures they brought home. You get authentic finds with fast domestic delivery.
        </Typography>
        <Paper component="form" role="search" aria-label="Search souvenirs by country" onSubmit={submit} elevation={10} sx={{ mt: 5, p: 1.25, borderRadius: { xs: 4, sm: 999 } }}>
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
        </Paper>
      </Container>
    </Box>
  );
}
