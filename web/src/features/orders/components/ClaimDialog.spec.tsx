import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OpenClaimDto, OrderItemDto } from '@souvenir/contracts';
import { FakeUpload, hash, uploaded } from '../../../testing/fakeUpload';
import { PHOTOS_AT_ONCE } from '../../media/uploadSlots';
import { renderInApp } from '../../../testing/renderInApp';
import { ClaimDialog } from './OrderActionDialogs';

beforeEach(() => FakeUpload.install());
afterEach(() => FakeUpload.uninstall());

function open(items: OrderItemDto[] = []) {
  const onSubmit = jest.fn<(values: OpenClaimDto) => Promise<boolean>>().mockResolvedValue(true);
  renderInApp(<ClaimDialog open busy={false} onClose={() => undefined} onSubmit={onSubmit} items={items} />, {
    route: '/orders/1',
    path: '/orders/:id',
  });
  const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /What went wrong/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Damaged' }));
  fireEvent.change(within(dialog).getByLabelText(/^Describe the problem/), { target: { value: 'Broken in two.' } });
  return { dialog, onSubmit };
}

const pick = (dialog: HTMLElement, count: number) =>
  fireEvent.change(within(dialog).getByTestId('photo-files'), {
    target: { files: Array.from({ length: count }, (_, i) => new File(['x'], `photo${i + 1}.jpg`)) },
  });

describe('the claim form', () => {
  it('uploads photos with the uploader of /sell and sends them, first, with the photo links', async () => {
    const { dialog, onSubmit } = open();
    expect(within(dialog).getByText(/Location and camera data are removed from your photos\./)).toBeTruthy();
    pick(dialog, 2);
    await act(async () => FakeUpload.sent[0]!.answer(201, uploaded(1)));
    await act(async () => FakeUpload.sent[1]!.answer(201, uploaded(2)));
    expect(within(within(dialog).getByRole('list', { name: 'Claim photos' })).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    fireEvent.change(within(dialog).getByLabelText('Photo link 1 (optional)'), {
      target: { value: 'https://example.com/box.jpg' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Open Claim' })));
    expect(onSubmit).toHaveBeenCalledWith({
      reason: 'damaged',
      description: 'Broken in two.',
      photos: [`http://localhost/media/${hash(2)}-1600.webp`, 'https://example.com/box.jpg'],
    });
  });

  it('counts photo links and uploads together: six in all, with the spec message past it', async () => {
    const { dialog } = open();
    fireEvent.change(within(dialog).getByLabelText('Photo link 1 (optional)'), {
      target: { value: 'https://example.com/1.jpg' },
    });
    pick(dialog, 6);
    // Five are taken, two sent at once (PHOTOS_AT_ONCE); each answer sends the next.
    expect(FakeUpload.sent).toHaveLength(PHOTOS_AT_ONCE);
    expect(within(dialog).getByRole('alert').textContent).toContain('Maximum 6 images allowed');
    for (let index = 0; index < FakeUpload.sent.length; index++)
      await act(async () => FakeUpload.sent[index]!.answer(201, uploaded(index)));
    expect(FakeUpload.sent).toHaveLength(5);
    expect(within(within(dialog).getByRole('list', { name: 'Claim photos' })).getAllByRole('listitem')).toHaveLength(5);
    expect(within(dialog).queryByRole('button', { name: 'Add another photo link' })).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Choose photos' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('on a bundle, claims every item not refunded yet unless the buyer unticks some, and needs one', async () => {
    const items = [
      { id: 'p1', title: 'Tile', image: null, price: '12.00', refunded: false },
      { id: 'p2', title: 'Coaster', image: null, price: '8.00', refunded: true },
      { id: 'p3', title: 'Plate', image: null, price: '20.00', refunded: false },
    ];
    const { dialog, onSubmit } = open(items);
    const which = within(dialog).getByRole('group', { name: 'Which items?' });
    const box = (name: RegExp) => within(which).getByRole('checkbox', { name }) as HTMLInputElement;
    expect([box(/^Tile/).checked, box(/^Coaster/).checked, box(/^Plate/).checked]).toEqual([true, false, true]);
    expect(box(/^Coaster/).disabled).toBe(true);
    fireEvent.click(box(/^Tile/));
    fireEvent.click(box(/^Plate/));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Open Claim' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one item');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(box(/^Plate/));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Open Claim' })));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ reason: 'damaged', productIds: ['p3'] }));
  });
});
