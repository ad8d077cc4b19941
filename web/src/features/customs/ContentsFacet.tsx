import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import { CONTENTS, CONTENTS_LABELS, type Contents } from '@souvenir/contracts';
import type { HomeFilters } from '../catalog/hooks/useHomeFilters';

// The facet lists what a buyer may want to find or avoid; "none of these" is left out (it is most of the catalogue).
const FACET: Contents[] = CONTENTS.filter((c) => c !== 'none');

/** Browse's "Contents" facet and "Documented origin" filter. */
export function ContentsFacet({
  value,
  onChange,
}: {
  value: HomeFilters;
  onChange: (changes: Partial<HomeFilters>) => void;
}) {
  const id = useId();
  const toggle = (item: Contents) =>
    onChange({
      contents: value.contents.includes(item) ? value.contents.filter((c) => c !== item) : [...value.contents, item],
    });
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={value.documentedOrigin}
            onChange={(event) => onChange({ documentedOrigin: event.target.checked })}
          />
        }
        label="Documented origin"
      />
      <FormControl component="fieldset" sx={{ mt: 1.5 }}>
        <FormLabel component="legend" id={`${id}-contents`} sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
          Contents
        </FormLabel>
        <FormGroup aria-labelledby={`${id}-contents`}>
          {FACET.map((item) => (
            <FormControlLabel
              key={item}
              control={<Checkbox size="small" checked={value.contents.includes(item)} onChange={() => toggle(item)} />}
              label={CONTENTS_LABELS[item]}
            />
          ))}
        </FormGroup>
      </FormControl>
    </>
  );
}
