import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { useSearchParams } from 'react-router';

/**
 * The header search of the home page; its text is the URL's `?search=`. It searches every country: a country
 * picked earlier (hero select, destination card) is dropped rather than kept out of sight, since the header
 * shows no country. Results scroll into view once the typing settles.
 */
export function HeaderSearch() {
  const [params, setParams] = useSearchParams();
  const urlValue = params.get('search') ?? '';
  const [value, setValue] = useState(urlValue);
  const typed = useRef(false);

  useEffect(() => {
    typed.current = false;
    setValue(urlValue);
  }, [urlValue]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value.trim()) next.set('search', value);
          else next.delete('search');
          next.delete('country');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
      if (value.trim())
        requestAnimationFrame(() =>
          document.getElementById('products')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
        );
    }, 350);
    return () => clearTimeout(timer);
  }, [value, setParams]);

  return (
    // OutlinedInput, not TextField: the same outlined field without FormControl/Select/Menu/Popover in the entry.
    <OutlinedInput
      size="small"
      type="search"
      placeholder="Search souvenirs..."
      value={value}
      onChange={(event) => {
        typed.current = true;
        setValue(event.target.value);
      }}
      inputProps={{ 'aria-label': 'Search souvenirs' }}
      startAdornment={
        <InputAdornment position="start">
          <SearchRounded fontSize="small" />
        </InputAdornment>
      }
      // The whole row under the phone header; on wider screens the space between the nav and the account's buttons,
      // never squeezed below a usable field (it had shrunk to 89 px beside a signed-in person's buttons). The header
      // makes room for 240 px at every width (Header: nav and shortcuts from lg, the rest in the account menu).
      sx={{
        width: '100%',
        maxWidth: { sm: 360 },
        minWidth: { sm: 240 },
        borderRadius: 999,
        bgcolor: 'background.default',
      }}
    />
  );
}
