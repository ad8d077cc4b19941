import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { useGetMyBundleDiscountQuery, useSetMyBundleDiscountMutation } from '../bundleApi';
import {
  BUNDLE_MAX_ITEMS,
  BUNDLE_MAX_PERCENT,
  BUNDLE_MESSAGES,
  BUNDLE_MIN_ITEMS,
  type BundleDiscountDto,
} from '../bundleContract';
import { bundleOfferText } from '../bundleText';

const ITEM_COUNTS = Array.from({ length: BUNDLE_MAX_ITEMS - BUNDLE_MIN_ITEMS + 1 }, (_, i) => BUNDLE_MIN_ITEMS + i);

type Field = 'minItems' | 'percent' | 'form';

/** The form's values checked as the server checks them: the sentence of the first field that is wrong. */
export function checkBundleDiscount(minItems: string, percent: string): { field: Field; message: string } | null {
  const items = Number(minItems);
  if (!/^\d+$/.test(minItems) || items < BUNDLE_MIN_ITEMS || items > BUNDLE_MAX_ITEMS)
    return { field: 'minItems', message: BUNDLE_MESSAGES.minItems };
  const off = Number(percent.trim());
  if (!/^\d+$/.test(percent.trim()) || off > BUNDLE_MAX_PERCENT)
    return { field: 'percent', message: BUNDLE_MESSAGES.percent };
  return null;
}

/**
 * Account settings: the seller's bundle discount. Buyers who put at least `minItems` of their items in one bundle pay
 * `percent` less, in one payment and one parcel; 0 % turns it off.
 */
export function BundleDiscountSection() {
  const { data: saved, isLoading, isError } = useGetMyBundleDiscountQuery();
  const [save, saving] = useSetMyBundleDiscountMutation();
  const toast = useToast();
  const [minItems, setMinItems] = useState(String(BUNDLE_MIN_ITEMS));
  const [percent, setPercent] = useState('0');
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);

  useEffect(() => {
    if (!saved) return;
    setMinItems(String(saved.minItems));
    setPercent(String(saved.percent));
  }, [saved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = checkBundleDiscount(minItems, percent);
    setProblem(wrong);
    if (wrong) return;
    const body: BundleDiscountDto = { minItems: Number(minItems), percent: Number(percent.trim()) };
    try {
      const now = await save(body).unwrap();
      toast({
        title: now.percent > 0 ? 'Bundle discount saved' : 'Bundle discount turned off',
        description:
          now.percent > 0
            ? `Buyers see “${bundleOfferText(now)}” on your items.`
            : 'Buyers can still bundle your items: one payment, one parcel.',
      });
    } catch (failure) {
      const error = asApiError(failure);
      const errors = (error?.data as { errors?: { field: string; message: string }[] } | undefined)?.errors;
      const first = errors?.[0];
      setProblem(
        first && (first.field === 'minItems' || first.field === 'percent')
          ? { field: first.field, message: first.message }
          : { field: 'form', message: error?.serverMessage ?? 'The bundle discount could not be saved' },
      );
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="bundle-discount-heading" id="bundle-discount">
      <Typography variant="h6" component="h2" id="bundle-discount-heading">
        Bundle discount
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Buyers can put several of your items in one bundle: one payment, one parcel. Reward them with a discount from a
        number of items; 0 % means no discount.
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={120} aria-label="Loading your bundle discount" />
      ) : isError ? (
        <Alert severity="error">Could not load your bundle discount</Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate aria-label="Bundle discount">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="From"
              value={minItems}
              onChange={(e) => setMinItems(e.target.value)}
              error={problem?.field === 'minItems'}
              helperText={problem?.field === 'minItems' ? problem.message : 'Items in one bundle'}
              sx={{ minWidth: 160 }}
            >
              {ITEM_COUNTS.map((count) => (
                <MenuItem key={count} value={String(count)}>
                  {count} items
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Discount"
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              error={problem?.field === 'percent'}
              helperText={problem?.field === 'percent' ? problem.message : `0 to ${BUNDLE_MAX_PERCENT} %, 0 is off`}
              slotProps={{
                htmlInput: { inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
              sx={{ maxWidth: { sm: 200 } }}
            />
          </Stack>
          {problem?.field === 'form' && <Alert severity="error">{problem.message}</Alert>}
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={saving.isLoading}>
              {saving.isLoading ? 'Saving…' : 'Save bundle discount'}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
