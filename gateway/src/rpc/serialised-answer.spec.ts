import { splitLastMember, withHeart, withHearts } from './serialised-answer';

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

describe("withHearts writes a caller's hearts into a list's items as catalog wrote them", () => {
  const product = (id: string, title = 'Bowl') => ({ id, title, isFavorited: false, seller: { id: `s-${id}` } });
  const items = [product('a'), product('b', '"isFavorited":false in a title'), product('c')];
  const json = JSON.stringify(items);
  const hearts = (favourited: string[]) =>
    JSON.stringify(items.map((item) => ({ ...item, isFavorited: favourited.includes(item.id) })));

  it('is the text as written when nothing is favourited, and each favourited item is marked in its own place', () => {
    expect(withHearts(json, ['a', 'b', 'c'], new Set())).toBe(json);
    expect(withHearts(json, ['a', 'b', 'c'], new Set(['b']))).toBe(hearts(['b']));
    expect(withHearts(json, ['a', 'b', 'c'], new Set(['a', 'c']))).toBe(hearts(['a', 'c']));
    expect(withHearts(json, ['a', 'b', 'c'], new Set(['a', 'b', 'c']))).toBe(hearts(['a', 'b', 'c']));
    expect(withHearts('[]', [], new Set(['a']))).toBe('[]');
  });

  it('is undefined when the items do not hold one empty heart each, so the caller parses them', () => {
    expect(withHearts(json, ['a', 'b'], new Set(['a']))).toBeUndefined();
    expect(withHearts(json, ['a', 'b', 'c', 'd'], new Set(['a']))).toBeUndefined();
    expect(withHearts(hearts(['a']), ['a', 'b', 'c'], new Set(['b']))).toBeUndefined();
  });
});
