import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTENTS, CONTENTS_LABELS, countryOfLocation, CUSTOMS_DISCLAIMER, type Contents } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { FormSection } from '../catalog/components/FormSection';
import { useGetCountryRulesQuery } from './customsApi';
import { RuleNotice } from './RuleNotice';

// "None of these" first: most souvenirs contain none of the listed kinds.
const ORDER: Contents[] = ['none', ...CONTENTS.filter((c) => c !== 'none')];

interface Props {
  contents: Contents[];
  onChange: (contents: Contents[]) => void;
  error?: string;
  /** The seller's profile location: its country's rules are shown as contents are ticked. */
  sellerLocation: string | null;
}

/** The sell form's Contents checklist, with the rules of the seller's country for what is ticked. */
export function ContentsSection({ contents, onChange, error, sellerLocation }: Props) {
  const country = countryOfLocation(sellerLocation);
  const rules = useGetCountryRulesQuery(country ?? '', { skip: !country });
  const notices = (rules.data ?? []).filter((rule) => contents.includes(rule.contents));

  const toggle = (item: Contents, checked: boolean) => {
    if (item === 'none') return onChange(checked ? ['none'] : []);
    const others = contents.filter((c) => c !== 'none' && c !== item);
    onChange(checked ? [...others, item] : others);
  };

  return (
    <FormSection
      id="contents-heading"
      title="Contents"
      description="Does the item contain any of these? Some may not be sold or posted in your country."
    >
      {!country && (
        // Identity owns the location and the sell form does not ask again: one place to say where the seller is.
        <Alert severity="info" data-testid="no-seller-country">
          {sellerLocation?.trim()
            ? `Your profile location, “${sellerLocation.trim()}”, names no country we recognise.`
            : 'Your profile has no location.'}{' '}
          Without your country we cannot show customs guidance for what you sell, and checkout cannot keep delivery
          within your country. Add it in{' '}
          <Link component={RouterLink} to="/profile">
            your profile
          </Link>{' '}
          (for example “Lisbon, Portugal”).
        </Alert>
      )}
      <FormControl error={Boolean(error)} component="fieldset" variant="standard">
        <FormLabel component="legend" sx={{ mb: 1 }}>
          What the item contains (required)
        </FormLabel>
        <FormGroup
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
          data-testid="contents-checklist"
        >
          {ORDER.map((item) => (
            <FormControlLabel
              key={item}
              control={
                <Checkbox
                  name="contents"
                  value={item}
                  checked={contents.includes(item)}
                  onChange={(event) => toggle(item, event.target.checked)}
                />
              }
              label={CONTENTS_LABELS[item]}
            />
          ))}
        </FormGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
      {notices.length > 0 && (
        <Stack spacing={1.5} aria-label={`Rules in ${country}`}>
          {notices.map((notice) => (
            <RuleNotice key={notice.contents} notice={notice} />
          ))}
        </Stack>
      )}
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {country ? `Rules shown are ${country}'s, where you sell from. ` : ''}
          {CUSTOMS_DISCLAIMER}
        </Typography>
      </Box>
    </FormSection>
  );
}
