import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import {
  CancelOrderDto,
  CLAIM_REASONS,
  DecideClaimDto,
  OpenClaimDto,
  ShipOrderDto,
  type RespondToClaimDto,
  type ClaimReason,
} from '@souvenir/contracts';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { PhotoTiles } from '../../media/PhotoTiles';
import { PhotoUploader } from '../../media/PhotoUploader';
import { CLAIM_REASON_LABELS } from '../orderText';
import { ClaimResponsePhotos } from './ClaimResponsePhotos';
import { ReturnFirstOption } from './ReturnFirstOption';
import type { OrderItemDto } from '../../bundle/bundleContract';
import { formatMoney } from '../../../utils/money';

export const MAX_CLAIM_PHOTOS = 6;

interface DialogProps<T> {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  /** Resolves true when the action worked (the dialog then closes). */
  onSubmit: (values: T) => Promise<boolean>;
}

export function FormDialog({
  open,
  onClose,
  id,
  title,
  text,
  busy,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  id: string;
  title: string;
  text?: ReactNode;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event?: FormEvent) => unknown;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      aria-describedby={text ? `${id}-text` : undefined}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-title`}>
        <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
          {title}
        </DialogTitle>
        <DialogCloseButton onClose={onClose} disabled={busy} />
        <DialogContent>
          {text && (
            <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
              {text}
            </DialogContentText>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} sx={{ color: 'text.secondary' }}>
            Back
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending...' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Reset each time the dialog opens, so a second attempt starts clean. */
export function useResetOnOpen<T>(open: boolean, reset: (values: T) => void, initial: T) {
  useEffect(() => {
    if (open) reset(initial);
    // `initial` is each dialog's constant, so it is left out of the dependencies.
  }, [open, reset]);
}

const SHIP_INITIAL = { carrier: '', trackingNumber: '' };

export function ShipDialog({ open, busy, onClose, onSubmit }: DialogProps<ShipOrderDto>) {
  const { field, handleSubmit, reset } = useDtoForm(ShipOrderDto, SHIP_INITIAL);
  useResetOnOpen(open, reset, SHIP_INITIAL);
  const submit = handleSubmit(async (values) => {
    if (
      await onSubmit({
        carrier: values.carrier,
        ...(values.trackingNumber ? { trackingNumber: values.trackingNumber } : {}),
      })
    )
      onClose();
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="ship"
      title="Mark as shipped"
      text="Tell the buyer how the parcel travels. They can follow it with the tracking number."
      busy={busy}
      submitLabel="Mark as Shipped"
      onSubmit={submit}
    >
      <TextField label="Carrier" placeholder="USPS, UPS, DHL..." required autoFocus {...field('carrier')} />
      <TextField label="Tracking number (optional)" {...field('trackingNumber')} />
    </FormDialog>
  );
}

const CANCEL_INITIAL = { reason: '' };

export function CancelDialog({
  open,
  busy,
  onClose,
  onSubmit,
  asBuyer,
}: DialogProps<CancelOrderDto> & { asBuyer: boolean }) {
  const { field, handleSubmit, reset } = useDtoForm(CancelOrderDto, CANCEL_INITIAL);
  useResetOnOpen(open, reset, CANCEL_INITIAL);
  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="cancel"
      title={asBuyer ? 'Ask the seller to cancel' : 'Cancel this order'}
      text={
        asBuyer
          ? 'The seller has 72 hours to agree. If they do, you are refunded in full.'
          : 'The buyer is refunded in full and your item goes back on sale.'
      }
      busy={busy}
      submitLabel={asBuyer ? 'Ask to Cancel' : 'Cancel Order'}
      onSubmit={submit}
    >
      <TextField label="Reason" required multiline minRows={3} autoFocus {...field('reason')} />
    </FormDialog>
  );
}

interface ClaimValues {
  reason: ClaimReason | '';
  description: string;
}
const CLAIM_INITIAL: ClaimValues = { reason: '', description: '' };
const PHOTO_URL = /^https?:\/\/\S+$/i;

/**
 * The buyer's claim: what went wrong, photos, and, on an order of several items, which items (all of them unless the
 * buyer unticks some; items refunded already cannot be claimed again).
 */
export function ClaimDialog({
  open,
  busy,
  onClose,
  onSubmit,
  items = [],
}: DialogProps<OpenClaimDto> & { items?: OrderItemDto[] }) {
  const { field, handleSubmit, reset } = useDtoForm<ClaimValues>(OpenClaimDto, CLAIM_INITIAL);
  useResetOnOpen(open, reset, CLAIM_INITIAL);
  const claimable = items.filter((item) => !item.refunded);
  const chooses = items.length > 1;
  const [chosen, setChosen] = useState<string[]>([]);
  const [itemsChecked, setItemsChecked] = useState(false);
  useEffect(() => {
    if (!open) return;
    setChosen(claimable.map((item) => item.id));
    setItemsChecked(false);
    // The order's items are read when the dialog opens.
  }, [open]);
  const noItem = chooses && itemsChecked && chosen.length === 0;
  // Photos uploaded (the uploader of /sell) and, as a second way, by link: six in all. Links are checked here (empty
  // fields are simply left out), the rest by the contract's class.
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [photos, setPhotos] = useState<string[]>(['']);
  const [photosChecked, setPhotosChecked] = useState(false);
  useEffect(() => {
    if (!open) return;
    setUploaded([]);
    setPhotos(['']);
    setPhotosChecked(false);
  }, [open]);
  const linkCount = photos.filter((photo) => photo.trim()).length;
  const badPhoto = (photo: string) =>
    Boolean(photo.trim()) && (!PHOTO_URL.test(photo.trim()) || photo.trim().length > 2000);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setPhotosChecked(true);
    setItemsChecked(true);
    const photosOk = !photos.some(badPhoto);
    const itemsOk = !chooses || chosen.length > 0;
    await handleSubmit(async (checked) => {
      if (!photosOk || !itemsOk) return;
      const links = photos.map((photo) => photo.trim()).filter(Boolean);
      const all = [...uploaded, ...links];
      const claim: OpenClaimDto = {
        reason: checked.reason as ClaimReason,
        description: checked.description,
        photos: all,
      };
      // In the order's order, as the server lists them.
      if (chooses) claim.productIds = claimable.filter((item) => chosen.includes(item.id)).map((item) => item.id);
      if (await onSubmit(claim)) onClose();
    })();
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="claim"
      title="Report a problem"
      text="The payment stays frozen while the claim is open. The seller has 72 hours to answer, then our support team decides."
      busy={busy}
      submitLabel="Open Claim"
      onSubmit={submit}
    >
      <TextField select label="What went wrong?" required autoFocus {...field('reason')}>
        {CLAIM_REASONS.map((reason) => (
          <MenuItem key={reason} value={reason}>
            {CLAIM_REASON_LABELS[reason]}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Describe the problem" required multiline minRows={3} {...field('description')} />
      {chooses && (
        <FormControl component="fieldset" error={noItem} variant="standard">
          <FormLabel component="legend">Which items?</FormLabel>
          <FormGroup>
            {items.map((item) => (
              <FormControlLabel
                key={item.id}
                control={
                  <Checkbox
                    checked={chosen.includes(item.id)}
                    disabled={item.refunded}
                    onChange={(event) =>
                      setChosen(event.target.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id))
                    }
                  />
                }
                label={`${item.title} (${formatMoney(item.price)})${item.refunded ? ', refunded already' : ''}`}
              />
            ))}
          </FormGroup>
          <FormHelperText role={noItem ? 'alert' : undefined}>
            {noItem ? 'Choose at least one item' : 'A refund covers what you paid for the items you choose.'}
          </FormHelperText>
        </FormControl>
      )}
      <Typography variant="subtitle2" component="h3">
        Photos of the problem (optional)
      </Typography>
      <PhotoUploader images={uploaded} onChange={setUploaded} max={MAX_CLAIM_PHOTOS - linkCount} />
      <PhotoTiles images={uploaded} onChange={setUploaded} label="Claim photos" main={false} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Or add a photo by its link
      </Typography>
      {photos.map((photo, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            fullWidth
            type="url"
            label={`Photo link ${index + 1} (optional)`}
            placeholder="https://..."
            value={photo}
            onChange={(event) => setPhotos(photos.map((p, i) => (i === index ? event.target.value : p)))}
            error={photosChecked && badPhoto(photo)}
            helperText={photosChecked && badPhoto(photo) ? 'Photos must be http(s) links' : undefined}
          />
          {photos.length > 1 && (
            <IconButton
              aria-label={`Remove photo link ${index + 1}`}
              onClick={() => setPhotos(photos.filter((_p, i) => i !== index))}
              sx={{ mt: 1 }}
            >
              <CloseRounded />
            </IconButton>
          )}
        </Stack>
      ))}
      {uploaded.length + photos.length < MAX_CLAIM_PHOTOS && (
        <Button startIcon={<AddRounded />} onClick={() => setPhotos([...photos, ''])} sx={{ alignSelf: 'flex-start' }}>
          Add another photo link
        </Button>
      )}
    </FormDialog>
  );
}

/** The seller's answer to a claim: accept (full refund) or give their side, which support reads before deciding. */
export function RespondDialog({ open, busy, onClose, onSubmit }: DialogProps<RespondToClaimDto>) {
  const [accept, setAccept] = useState(false);
  const [statement, setStatement] = useState('');
  const [missing, setMissing] = useState(false);
  const [photos, setPhotos] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    setAccept(false);
    setStatement('');
    setMissing(false);
    setPhotos([]);
  }, [open]);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = statement.trim();
    if (!accept && !text) return setMissing(true);
    if (text.length > 2000) return setMissing(true);
    const evidence = !accept && photos.length ? { photos } : {};
    if (await onSubmit({ accept, ...(text ? { statement: text } : {}), ...evidence })) onClose();
  };
  const problem = missing
    ? statement.trim()
      ? 'Statement is too long'
      : 'Please give your side for support'
    : undefined;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="respond"
      title="Answer the claim"
      busy={busy}
      submitLabel={accept ? 'Refund the Buyer' : 'Send My Answer'}
      onSubmit={submit}
    >
      <RadioGroup
        aria-label="Your answer"
        value={accept ? 'accept' : 'dispute'}
        onChange={(event) => setAccept(event.target.value === 'accept')}
      >
        <FormControlLabel value="accept" control={<Radio />} label="Accept: refund the buyer in full" />
        <FormControlLabel value="dispute" control={<Radio />} label="Give my side: support will decide" />
      </RadioGroup>
      <TextField
        label={accept ? 'Message (optional)' : 'Your statement'}
        required={!accept}
        multiline
        minRows={3}
        value={statement}
        onChange={(event) => {
          setStatement(event.target.value);
          setMissing(false);
        }}
        error={Boolean(problem)}
        helperText={problem}
      />
      {!accept && <ClaimResponsePhotos photos={photos} onChange={setPhotos} max={MAX_CLAIM_PHOTOS} />}
    </FormDialog>
  );
}

interface DecideValues {
  outcome: 'refund' | 'release';
  reason: string;
  returnFirst: boolean;
}
const DECIDE_INITIAL: DecideValues = { outcome: 'refund', reason: '', returnFirst: false };

/** Support's decision on an escalated claim, with the reason both parties will read. */
export function DecideDialog({ open, busy, onClose, onSubmit }: DialogProps<DecideClaimDto>) {
  const { values, setValue, field, handleSubmit, reset } = useDtoForm<DecideValues>(DecideClaimDto, DECIDE_INITIAL);
  useResetOnOpen(open, reset, DECIDE_INITIAL);
  const submit = handleSubmit(async ({ returnFirst, ...checked }) => {
    const withReturn = checked.outcome === 'refund' && returnFirst ? { returnFirst: true } : {};
    if (await onSubmit({ ...checked, ...withReturn })) onClose();
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      id="decide"
      title="Decide the claim"
      text="Both parties see your decision and its reason."
      busy={busy}
      submitLabel="Decide"
      onSubmit={submit}
    >
      <RadioGroup
        aria-label="Outcome"
        value={values.outcome}
        onChange={(event) => setValue('outcome', event.target.value as DecideValues['outcome'])}
      >
        <FormControlLabel value="refund" control={<Radio />} label="Refund the buyer" />
        <FormControlLabel value="release" control={<Radio />} label="Release the payment to the seller" />
      </RadioGroup>
      {values.outcome === 'refund' && (
        <ReturnFirstOption checked={values.returnFirst} onChange={(checked) => setValue('returnFirst', checked)} />
      )}
      <TextField label="Reason" required multiline minRows={3} autoFocus {...field('reason')} />
    </FormDialog>
  );
}
