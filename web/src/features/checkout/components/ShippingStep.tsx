import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_COUNTRY, GuestInfoDto, postalCodeLabel, ShippingInfoDto } from '@souvenir/contracts';
import { useDtoForm } from '../../../hooks/useDtoForm';
import { addressErrors } from '../addressChecks';

/** The checkout form's values (spec section 3, guest/shipping info). Contact fields are for guests only. */
export interface ShippingFormValues {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone: string;
  billingStreet: string;
  billingCity: string;
  billingState: string;
  billingZip: string;
  billingCountry: string;
  deliveryStreet: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryZip: string;
  deliveryCountry: string;
  sameAsDelivery: boolean;
}

/** Most buyers ship to where they pay from, so "Same as billing" starts ticked (one address to type, not two). */
const emptyAddress = (country: string) => ({
  phone: '',
  billingStreet: '',
  billingCity: '',
  billingState: '',
  billingZip: '',
  billingCountry: country,
  deliveryStreet: '',
  deliveryCity: '',
  deliveryState: '',
  deliveryZip: '',
  deliveryCountry: country,
  sameAsDelivery: true,
});

/**
 * Empty form: guests also give email and name; signed-in buyers only the address part (their account has the rest).
 * `country` is where the addresses start (see defaultCountryFor).
 */
export function emptyShippingForm(isGuest: boolean, country: string = DEFAULT_COUNTRY): ShippingFormValues {
  return isGuest ? { email: '', firstName: '', lastName: '', ...emptyAddress(country) } : emptyAddress(country);
}

const copyBilling = (values: ShippingFormValues) => ({
  deliveryStreet: values.billingStreet,
  deliveryCity: values.billingCity,
  deliveryState: values.billingState,
  deliveryZip: values.billingZip,
  deliveryCountry: values.billingCountry,
});

/** What create-payment-intent receives: delivery copied from billing when ticked, empty optional fields left out. */
export function toGuestInfo(values: ShippingFormValues): ShippingInfoDto {
  const filled = values.sameAsDelivery ? { ...values, ...copyBilling(values) } : values;
  const info: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(filled)) {
    if (typeof value === 'boolean' || (typeof value === 'string' && value !== '')) info[key] = value;
  }
  return info as unknown as ShippingInfoDto;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography id={id} component="legend" variant="h6" sx={{ mb: 2, p: 0 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

interface Props {
  isGuest: boolean;
  initialValues: ShippingFormValues;
  /** The country the item ships within (`ProductDto.shipsFrom`); null: its seller's location names none. */
  shipsFrom: string | null;
  /** How many items the checkout holds (a bundle's several ship together, from one seller). */
  itemCount?: number;
  onSubmit: (values: ShippingFormValues) => void;
  onBack?: () => void;
  /** Shown above the buttons (a member's "Save this address"). */
  beforeActions?: ReactNode;
}

/** Step 2 (guest-info): contact (guests), billing, 'Same as billing', delivery. Validated with the contracts' DTOs. */
export function ShippingStep({
  isGuest,
  initialValues,
  shipsFrom,
  itemCount = 1,
  onSubmit,
  onBack,
  beforeActions,
}: Props) {
  const {
    values,
    setValue,
    field: dtoField,
    handleSubmit,
    submitted,
  } = useDtoForm<ShippingFormValues>(isGuest ? GuestInfoDto : ShippingInfoDto, initialValues);
  // Postal codes per country and the delivery country: rules across fields, shown like the DTO's once sent.
  const crossFieldErrors = submitted ? addressErrors(values, shipsFrom) : {};
  const field = (name: keyof ShippingFormValues & string) => {
    const props = dtoField(name);
    const extra = props.error ? undefined : crossFieldErrors[name];
    return extra ? { ...props, error: true, helperText: extra } : props;
  };

  // Billing typed after ticking the box keeps delivery in step.
  const submit = handleSubmit((data) => {
    const problems = addressErrors(data, shipsFrom);
    const first = Object.keys(problems)[0];
    if (first) {
      document.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(data.sameAsDelivery ? { ...data, ...copyBilling(data) } : data);
  });

  const toggleSame = (checked: boolean) => {
    setValue('sameAsDelivery', checked);
    if (checked)
      for (const [key, value] of Object.entries(copyBilling(values))) setValue(key as keyof ShippingFormValues, value);
  };

  const addressFields = (kind: 'billing' | 'delivery') => {
    const auto = kind === 'billing' ? 'billing' : 'shipping';
    return (
      <>
        <TextField
          label="Street Address"
          required
          autoComplete={`${auto} street-address`}
          {...field(`${kind}Street`)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="City"
            required
            fullWidth
            autoComplete={`${auto} address-level2`}
            {...field(`${kind}City`)}
          />
          <TextField label="State" fullWidth autoComplete={`${auto} address-level1`} {...field(`${kind}State`)} />
          <TextField
            label={postalCodeLabel(values[`${kind}Country`])}
            required
            fullWidth
            autoComplete={`${auto} postal-code`}
            {...field(`${kind}Zip`)}
          />
        </Stack>
        <TextField label="Country" autoComplete={`${auto} country-name`} {...field(`${kind}Country`)} />
      </>
    );
  };

  return (
    <Stack component="form" noValidate spacing={4} onSubmit={submit} aria-label="Shipping information">
      {isGuest && (
        <Section id="contact-heading" title="Contact Information">
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="email"
            {...field('email')}
            helperText={field('email').helperText ?? 'For your receipt and order updates'}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="First Name" required fullWidth autoComplete="given-name" {...field('firstName')} />
            <TextField label="Last Name" required fullWidth autoComplete="family-name" {...field('lastName')} />
          </Stack>
          <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />
        </Section>
      )}
      {shipsFrom && (
        <Alert severity="info" role="note" data-testid="ships-within-note">
          {itemCount > 1 ? 'These items ship' : 'This item ships'} within {shipsFrom} only: the delivery address must be
          in {shipsFrom}.
        </Alert>
      )}
      <Section id="billing-heading" title="Billing Address">
        {addressFields('billing')}
      </Section>
      <Section id="delivery-heading" title="Delivery Address">
        <FormControlLabel
          control={<Checkbox checked={values.sameAsDelivery} onChange={(event) => toggleSame(event.target.checked)} />}
          label="Same as billing"
          sx={{ mt: -1 }}
        />
        {!values.sameAsDelivery && addressFields('delivery')}
      </Section>
      {!isGuest && <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />}
      {beforeActions}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        {onBack && (
          <Button size="large" onClick={onBack} sx={{ color: 'text.secondary' }}>
            Back
          </Button>
        )}
        <Button type="submit" variant="contained" size="large">
          Continue to Payment
        </Button>
      </Stack>
    </Stack>
  );
}
