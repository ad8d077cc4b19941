import { describe, expect, it } from '@jest/globals';
import { addressErrors } from './addressChecks';
import { emptyShippingForm } from './components/ShippingStep';

const address = (changes: Record<string, unknown>) => ({
  ...emptyShippingForm(false, 'United States'),
  billingStreet: '1 Main St',
  billingCity: 'Toronto',
  ...changes,
});

describe('addressErrors', () => {
  it("takes each country's own postal codes", () => {
    expect(addressErrors(address({ billingCountry: 'Canada', billingZip: 'M5H 2N2' }), 'Canada')).toEqual({});
    expect(addressErrors(address({ billingCountry: 'UK', billingZip: 'SW1A 1AA' }), 'United Kingdom')).toEqual({});
    expect(addressErrors(address({ billingCountry: 'Australia', billingZip: '2000' }), 'Australia')).toEqual({});
    expect(addressErrors(address({ billingCountry: 'Canada', billingZip: '10001' }), 'Canada')).toEqual({
      billingZip: 'Enter a valid Canadian postal code (e.g., M5H 2N2)',
    });
  });

  it('says on the form that the item ships only within its country, on the field that decides it', () => {
    expect(addressErrors(address({ billingZip: '10001' }), 'Canada')).toEqual({
      billingCountry: 'This item ships only within Canada; it cannot be delivered to United States.',
    });
    const separate = address({
      billingZip: '10001',
      sameAsDelivery: false,
      deliveryCountry: 'USA',
      deliveryZip: '10001',
    });
    expect(addressErrors(separate, 'United States')).toEqual({});
    expect(addressErrors(separate, 'Australia')).toEqual({
      deliveryCountry: 'This item ships only within Australia; it cannot be delivered to United States.',
    });
  });

  it('does not check the country of an item whose seller names none', () => {
    expect(addressErrors(address({ billingZip: '10001' }), null)).toEqual({});
  });
});
