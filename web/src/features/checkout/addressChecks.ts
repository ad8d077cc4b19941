import { addressPostalCodeMessage, countryOfLocation, crossBorderMessage, isPostalCodeOf } from '@souvenir/contracts';
import type { FieldErrors } from '../../hooks/useDtoForm';
import type { ShippingFormValues } from './components/ShippingStep';

/**
 * What the shipping step checks beyond the DTO's rules, which see one field at a time: each postal code
 * is its own country's, and the delivery country is the one the item ships within. Told here, on the form, not after
 * the buyer has gone on to pay ("Failed to setup payment").
 */
export function addressErrors(values: ShippingFormValues, shipsFrom: string | null): FieldErrors<ShippingFormValues> {
  const errors: FieldErrors<ShippingFormValues> = {};
  if (values.billingZip.trim() && !isPostalCodeOf(values.billingCountry, values.billingZip))
    errors.billingZip = addressPostalCodeMessage(values.billingCountry);
  const deliveryCountry = values.sameAsDelivery ? values.billingCountry : values.deliveryCountry;
  if (!values.sameAsDelivery && values.deliveryZip.trim() && !isPostalCodeOf(deliveryCountry, values.deliveryZip))
    errors.deliveryZip = addressPostalCodeMessage(deliveryCountry);
  // Read like the server reads it (payments' refuseCrossBorder): "USA" is the United States.
  const delivering = countryOfLocation(deliveryCountry) ?? deliveryCountry.trim();
  if (shipsFrom && delivering !== shipsFrom)
    errors[values.sameAsDelivery ? 'billingCountry' : 'deliveryCountry'] = crossBorderMessage(
      shipsFrom,
      delivering || 'no country',
    );
  return errors;
}
