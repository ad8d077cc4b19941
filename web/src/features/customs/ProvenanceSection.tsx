import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProvenanceDto } from '@souvenir/contracts';
import { FormSection } from '../catalog/components/FormSection';
import { PhotoUploader } from '../media/PhotoUploader';

export interface ProvenanceForm {
  boughtCountry: string;
  boughtCity: string;
  boughtAt: string;
  boughtOn: string;
  documents: string[];
}

export const EMPTY_PROVENANCE: ProvenanceForm = {
  boughtCountry: '',
  boughtCity: '',
  boughtAt: '',
  boughtOn: '',
  documents: [],
};

/** The provenance as the API takes it: filled fields only; nothing at all when the section was left empty. */
export function toProvenance(form: ProvenanceForm): ProvenanceDto | undefined {
  const provenance: ProvenanceDto = {};
  for (const key of ['boughtCountry', 'boughtCity', 'boughtAt', 'boughtOn'] as const) {
    const value = form[key].trim();
    if (value) provenance[key] = value;
  }
  if (form.documents.length) provenance.documents = form.documents;
  return Object.keys(provenance).length ? provenance : undefined;
}

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value);

/**
 * The sell form's optional Provenance: where and when the item was bought, and photos of the receipt or
 * the customs declaration. Attaching a document makes the listing "Documented"; support may then check it.
 */
export function ProvenanceSection({
  value,
  onChange,
}: {
  value: ProvenanceForm;
  onChange: (next: ProvenanceForm) => void;
}) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const set = (key: keyof ProvenanceForm, next: string) => onChange({ ...value, [key]: next });
  const setDocuments = (documents: string[]) => onChange({ ...value, documents });
  const addLink = () => {
    const url = link.trim();
    if (!isWebAddress(url)) return setLinkError('Use the web address of the photo (https://…)');
    if (!value.documents.includes(url)) setDocuments([...value.documents, url]);
    setLink('');
    setLinkError(null);
  };

  return (
    <FormSection
      id="provenance-heading"
      title="Provenance (optional)"
      description="Where you bought it, and a photo of the receipt or the customs declaration you made on arrival. With a document, your listing shows Documented origin."
    >
      {!open ? (
        <Box>
          <Button variant="outlined" onClick={() => setOpen(true)} aria-expanded={false}>
            Add where you bought it
          </Button>
        </Box>
      ) : null}
      <Collapse in={open} unmountOnExit>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Country of purchase"
              name="boughtCountry"
              value={value.boughtCountry}
              onChange={(e) => set('boughtCountry', e.target.value)}
              fullWidth
            />
            <TextField
              label="City"
              name="boughtCity"
              value={value.boughtCity}
              onChange={(e) => set('boughtCity', e.target.value)}
              fullWidth
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Shop or market"
              name="boughtAt"
              value={value.boughtAt}
              onChange={(e) => set('boughtAt', e.target.value)}
              fullWidth
            />
            <TextField
              label="When (month)"
              name="boughtOn"
              type="month"
              value={value.boughtOn}
              onChange={(e) => set('boughtOn', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>
          <Typography variant="subtitle2" component="h3">
            Receipt or customs declaration
          </Typography>
          <PhotoUploader images={value.documents} onChange={setDocuments} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="Document photo URL"
              name="documentUrl"
              type="url"
              placeholder="https://example.com/receipt.jpg"
              value={link}
              onChange={(e) => {
                setLink(e.target.value);
                setLinkError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addLink();
                }
              }}
              error={Boolean(linkError)}
              helperText={linkError ?? 'Or paste a link to the photo and press Enter'}
              fullWidth
            />
            <Button variant="outlined" onClick={addLink} sx={{ mt: { sm: 1 } }}>
              Add document
            </Button>
          </Stack>
          {value.documents.length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Documents attached">
              {value.documents.map((url, i) => (
                <Chip
                  key={url}
                  label={`Document ${i + 1}`}
                  onDelete={() => setDocuments(value.documents.filter((d) => d !== url))}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Collapse>
    </FormSection>
  );
}
