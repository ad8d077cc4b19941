import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MESSAGES } from '@souvenir/contracts';
import { FakeUpload, hash, uploaded } from '../../../testing/fakeUpload';
import { PHOTOS_AT_ONCE } from '../../media/uploadSlots';
import { renderInApp } from '../../../testing/renderInApp';
import { PhotoInput } from './PhotoInput';

function Photos({ initial = [] as string[] }) {
  const [images, setImages] = useState(initial);
  return (
    <>
      <PhotoInput images={images} onChange={setImages} />
      <output aria-label="images">{images.join(' ')}</output>
    </>
  );
}

const render = (initial: string[] = []) => renderInApp(<Photos initial={initial} />, { route: '/sell', path: '/sell' });
const images = () => screen.getByLabelText('images').textContent!.split(' ').filter(Boolean);
const pick = (count: number) =>
  fireEvent.change(screen.getByTestId('photo-files'), {
    target: { files: Array.from({ length: count }, (_, i) => new File(['x'], `photo${i + 1}.jpg`)) },
  });

beforeEach(() => FakeUpload.install());
afterEach(() => FakeUpload.uninstall());

describe('photos on /sell', () => {
  it('says that location and camera data are removed, uploads with progress, and keeps the order the photos were picked in', async () => {
    render();
    expect(screen.getByText(/Location and camera data are removed from your photos\./)).toBeTruthy();
    pick(2);
    expect(FakeUpload.sent.map((upload) => upload.file?.name)).toEqual(['photo1.jpg', 'photo2.jpg']);
    act(() => FakeUpload.sent[0]!.progress(0.4));
    expect(screen.getByText('Uploading photo1.jpg… 40%')).toBeTruthy();
    // The second photo arrives first: it waits, so the first picked stays the main photo.
    await act(async () => FakeUpload.sent[1]!.answer(201, uploaded(2)));
    expect(images()).toEqual([]);
    await act(async () => FakeUpload.sent[0]!.answer(201, uploaded(1)));
    // Absolute URLs (a listing's images must be http(s)), in the order they were picked.
    expect(images()).toEqual([
      `http://localhost/media/${hash(1)}-1600.webp`,
      `http://localhost/media/${hash(2)}-1600.webp`,
    ]);
    expect(screen.queryByLabelText('Uploading')).toBeNull();
  });

  it("shows the server's sentence for a refused photo and adds nothing", async () => {
    render();
    pick(1);
    await act(async () =>
      FakeUpload.sent[0]!.answer(415, { statusCode: 415, message: 'Only photos can be uploaded.' }),
    );
    expect(screen.getByRole('alert').textContent).toContain('photo1.jpg: Only photos can be uploaded.');
    expect(images()).toEqual([]);
  });

  it('never goes past six photos, counting those still uploading, with the spec message', async () => {
    render(['https://example.com/1.jpg', 'https://example.com/2.jpg', 'https://example.com/3.jpg']);
    pick(2);
    pick(3);
    // Three are taken: two are sent at once (PHOTOS_AT_ONCE), the third when a place frees.
    expect(FakeUpload.sent).toHaveLength(PHOTOS_AT_ONCE);
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.imagesMax);
    expect((screen.getByRole('button', { name: 'Choose photos' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => FakeUpload.sent[0]!.answer(201, uploaded(1)));
    expect(FakeUpload.sent).toHaveLength(3);
  });

  it('reorders with the arrows (the first is the main photo) and removes a photo', () => {
    render(['https://example.com/a.jpg', 'https://example.com/b.jpg', 'https://example.com/c.jpg']);
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(images()).toEqual(['https://example.com/a.jpg', 'https://example.com/c.jpg', 'https://example.com/b.jpg']);
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(images()).toEqual(['https://example.com/c.jpg', 'https://example.com/a.jpg', 'https://example.com/b.jpg']);
    const tiles = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(within(tiles[0]!).getByText('Main photo')).toBeTruthy();
    expect(within(tiles[0]!).queryByRole('button', { name: /earlier/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(images()).toEqual(['https://example.com/c.jpg', 'https://example.com/b.jpg']);
  });
});
