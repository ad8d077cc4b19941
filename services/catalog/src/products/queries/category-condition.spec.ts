import { categoryCondition } from './category-condition';

function build(names: string[]) {
  const values: unknown[] = [];
  const sql = categoryCondition(
    names,
    (value) => {
      values.push(value);
      return `$${values.length}`;
    },
    (words) => `text(${words.join('+')})`,
  );
  return { sql, values };
}

describe('categoryCondition', () => {
  it('expands a browse name to its sell categories or its term', () => {
    expect(build(['Fashion & Accessories'])).toEqual({
      sql: '(p.category = $1 OR text(fashion))',
      values: ['Clothing'],
    });
    expect(build(['Ceramics & Pottery'])).toEqual({ sql: '(text(ceramic))', values: [] });
    expect(build(['Pop Culture & Entertainment'])).toEqual({ sql: '(text(pop+culture))', values: [] });
  });

  it('tests one sell category by equality, which the category index can walk in its order', () => {
    expect(build(['Jewelry'])).toEqual({ sql: '(p.category = $1)', values: ['Jewelry'] });
  });

  it('joins several names into one condition, each sell category once (a sidebar name has no term)', () => {
    expect(build(['Clothing', 'Fashion & Accessories', 'Home Decor', 'Textiles'])).toEqual({
      sql: '(p.category = ANY($1::text[]) OR text(fashion))',
      values: [['Clothing', 'Home Decor', 'Textiles']],
    });
  });

  it('matches a name outside the mapping exactly, as a bound parameter', () => {
    expect(build(["x'); DROP TABLE y; --"])).toEqual({
      sql: '(p.category = $1)',
      values: ["x'); DROP TABLE y; --"],
    });
  });
});
