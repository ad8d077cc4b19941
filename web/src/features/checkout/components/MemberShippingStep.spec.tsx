import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SavedAddressDto } from '@souvenir/contracts';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import { MemberShippingStep, type AddressChoice } from './MemberShippingStep';
import { emptyShippingForm, type ShippingFormValues } from './ShippingStep';

const address = (over: Partial<SavedAddressDto>): SavedAddressDto => ({
  id: 'a1',
  firstName: 'Rosa',
  lastName: 'Tester',
  line1: '233 S Wacker Dr',
  line2: null,
  city: 'Chicago',
  region: 'IL',
  postcode: '60606',
  country: 'United States',
  phone: null,
  isDefault: true,
  lastUsedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

function renderStep(addresses: SavedAddressDto[], shipsFrom: string | null) {
  answerApi({ 'GET /api/me/addresses': () => Response.json(addresses) });
  const sent: Array<[ShippingFormValues, AddressChoice]> = [];
  renderInApp(
    <MemberShippingStep
      initialValues={emptyShippingForm(false)}
      shipsFrom={shipsFrom}
      onSubmit={(values, choice) => sent.push([values, choice])}
    />,
    { route: '/checkout', path: '/checkout' },
  );
  return sent;
}

describe('MemberShippingStep', () => {
  it('preselects the last used address over the default and sends it by id, billed there too', async () => {
    const sent = renderStep(
      [
        address({ id: 'used', line1: '9 Elm St', isDefault: false, lastUsedAt: '2026-11-20T00:00:00.000Z' }),
        address({ id: 'default' }),
      ],
      'United States',
    );
    const used = await screen.findByRole('radio', { name: /9 Elm St/ });
    expect((used as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(sent).toEqual([
      [
        expect.objectContaining({ billingStreet: '9 Elm St', billingZip: '60606', sameAsDelivery: true }),
        { addressId: 'used' },
      ],
    ]);
  });

  it('shows an address the item cannot reach as disabled, saying why, and opens the form to save a new one', async () => {
    renderStep([address({ lastUsedAt: '2026-11-20T00:00:00.000Z' })], 'Canada');
    const abroad = await screen.findByRole('radio', { name: /233 S Wacker Dr/ });
    expect((abroad as HTMLInputElement).disabled).toBe(true);
    expect(abroad.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText('This item ships only within Canada; it cannot be delivered to United States.');
    expect((screen.getByRole('radio', { name: 'Use a new address' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => screen.getByRole('form', { name: 'Shipping information' }));
    expect((screen.getByLabelText('Save this address for next time') as HTMLInputElement).checked).toBe(true);
  });

  it('is the plain form, saving the address, when the book is empty', async () => {
    renderStep([], null);
    await screen.findByRole('form', { name: 'Shipping information' });
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
