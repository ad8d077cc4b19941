import { splitLastMember, withHeart } from './serialised-answer';

const product = (id: string, title: string) => ({
  id,
  title,
  isFavorited: false,
  seller: { id: 's', rating: null, note: '"items":[' },
});

describe('splitLastMember reads the other members and passes the last one on as written', () => {
  it('cuts a page whose items come last', () => {
    const page = {
      nextCursor: 'abc"items":[\\',
      totalCount: 2,
      totalIsLowerBound: true,
      suggestion: 'tea "bowl"',
      items: [product('1', 'Tasse à thé 茶碗'), product('2', 'x')],
    };
    const json = JSON.stringify(page);
    const { items, ...rest } = page;
    expect(splitLastMember(json, 'items')).toEqual({ member: JSON.stringify(items), rest });
    expect(splitLastMember(JSON.stringify({ items: [] }), 'items')).toEqual({ member: '[]', rest: {} });
  });

  it('declines any other layout, so that the caller reads it whole', () => {
    expect(splitLastMember(JSON.stringify({ items: [], totalCount: 1 }), 'items')).toBeUndefined();
    expect(splitLastMember(JSON.stringify({ meta: { items: [1] }, items: [] }), 'items')).toBeUndefined();
    expect(splitLastMember(JSON.stringify({ totalCount: 1, items: 'x' }), 'items')).toBeUndefined();
    expect(splitLastMember(JSON.stringify({ totalCount: 1, items: [1], more: [2] }), 'items')).toBeUndefined();
    expect(splitLastMember(JSON.stringify({ totalCount: 1, items: [{ a: '}]' }], more: {} }), 'items')).toBeUndefined();
    expect(splitLastMember(JSON.stringify({ totalCount: 1 }), 'items')).toBeUndefined();
    expect(splitLastMember(JSON.stringify([{ items: [] }]), 'items')).toBeUndefined();
  });
});

describe('withHeart writes the caller heart into a product as the gateway did', () => {
  const json = JSON.stringify(product('1', 'bowl'));
  it('is the same text for no heart, the parsed product with a heart otherwise', () => {
    expect(withHeart(json, false)).toBe(json);
    expect(withHeart(json, true)).toBe(JSON.stringify({ ...product('1', 'bowl'), isFavorited: true }));
  });
  it('declines a product without the member, or with it twice', () => {
    expect(withHeart(JSON.stringify({ id: '1' }), true)).toBeUndefined();
    expect(withHeart(JSON.stringify({ isFavorited: false, other: { isFavorited: false } }), true)).toBeUndefined();
  });
});
