import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REVIEW_LIMITS, WriteReviewDto } from '@souvenir/contracts';
import { useDtoForm } from '../../../hooks/useDtoForm';

export interface ReviewDraft {
  rating: number;
  text: string;
}

interface Props {
  initial?: ReviewDraft;
  submitLabel: string;
  busy: boolean;
  onSubmit: (draft: ReviewDraft) => unknown;
  onCancel?: () => void;
}

/** Stars and a few words, checked by the same rules as the server (WriteReviewDto). */
export function ReviewForm({ initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const form = useDtoForm<ReviewDraft>(WriteReviewDto, initial ?? { rating: 0, text: '' });
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((draft) => onSubmit(draft))}>
      <Typography component="legend" id="review-stars-label" sx={{ fontWeight: 600 }}>
        Your rating
      </Typography>
      <Rating
        name="rating"
        value={form.values.rating || null}
        onChange={(_event, value) => form.setValue('rating', value ?? 0)}
        size="large"
        aria-labelledby="review-stars-label"
      />
      {form.errors.rating && <FormHelperText error>{form.errors.rating}</FormHelperText>}
      <TextField
        {...form.field('text')}
        label="Your review"
        multiline
        minRows={3}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: REVIEW_LIMITS.textMax } }}
        helperText={form.errors.text ?? `${form.values.text.length} / ${REVIEW_LIMITS.textMax}`}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </Stack>
    </Box>
  );
}
