import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUNDLE_MESSAGES } from '@souvenir/contracts';
import { answerApi, renderInApp } from '../../../testing/renderInApp';
import { BundleDiscountSection } from './BundleDiscountSection';

describe('BundleDiscountSection', () => {
  it('checks the percent as the server does, saves the discount and says what buyers see', async () => {
    const saved: unknown[] = [];
    answerApi({
      'GET /api/me/bundle-discount': () => Response.json({ minItems: 2, percent: 0 }),
      'PUT /api/me/bundle-discount': (body) => {
        saved.push(body);
        return Response.json(body);
      },
    });
    const { toasts } = renderInApp(<BundleDiscountSection />, { route: '/account', path: '/account' });
    const form = await screen.findByRole('form', { name: 'Bundle discount' });
    fireEvent.change(within(form).getByLabelText('Discount'), { target: { value: '60' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save bundle discount' })));
    expect(within(form).getByText(BUNDLE_MESSAGES.percent)).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'From' }));
    fireEvent.click(screen.getByRole('option', { name: '3 items' }));
    fireEvent.change(within(form).getByLabelText('Discount'), { target: { value: '15' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save bundle discount' })));
    await waitFor(() => expect(saved).toEqual([{ minItems: 3, percent: 15 }]));
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          title: 'Bundle discount saved',
          description: 'Buyers see “Buy 3+ from this seller, save 15 %” on your items.',
        },
      ]),
    );
  });

  it('shows the server’s sentence in the field it names', async () => {
    answerApi({
      'GET /api/me/bundle-discount': () => Response.json({ minItems: 2, percent: 10 }),
      'PUT /api/me/bundle-discount': () =>
        Response.json(
          { message: BUNDLE_MESSAGES.minItems, errors: [{ field: 'minItems', message: BUNDLE_MESSAGES.minItems }] },
          { status: 400 },
        ),
    });
    renderInApp(<BundleDiscountSection />, { route: '/account', path: '/account' });
    const form = await screen.findByRole('form', { name: 'Bundle discount' });
    await waitFor(() => expect((within(form).getByLabelText('Discount') as HTMLInputElement).value).toBe('10'));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save bundle discount' })));
    expect(await within(form).findByText(BUNDLE_MESSAGES.minItems)).toBeTruthy();
  });
});
