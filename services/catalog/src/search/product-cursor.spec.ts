import { encodeCursor as encodeOpaqueCursor } from '@souvenir/platform';
import { decodeCursor, encodeCursor, type CursorKey } from './product-cursor';

const KEY: CursorKey = {
  createdAt: '2026-01-02T03:04:05.123456Z',
  id: '11111111-1111-4111-8111-111111111111',
  tier: 2,
};
const forged = (k: object) => encodeOpaqueCursor({ v: 1, s: 'recent', q: true, k });

describe('product cursors', () => {
  it('carry a search tier\'s "sparse" hint, and read back without one as before', () => {
    expect(decodeCursor(encodeCursor('recent', true, { ...KEY, sparse: true }), 'recent', true)).toEqual({
      ...KEY,
      sparse: true,
    });
    expect(decodeCursor(encodeCursor('recent', true, KEY), 'recent', true)).toEqual(KEY);
  });

  it('refuse a hint that is anything but true, and any other extra field', () => {
    for (const k of [
      { ...KEY, sparse: false },
      { ...KEY, sparse: 1 },
      { ...KEY, sparse: null },
      { ...KEY, sparse: true, extra: 1 },
      { ...KEY, extra: true },
    ])
      expect(() => decodeCursor(forged(k), 'recent', true)).toThrow('Invalid cursor');
  });
});
