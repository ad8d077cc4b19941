import { fillOnMiss, type ReadModelFill } from './fill-on-miss';

interface Row {
  id: string;
  name: string;
}

/** A read model holding `stored`, whose owner knows `owned`; records what the owner was asked. */
function readModel(stored: Row[], owned: Row[]) {
  const asked: string[][] = [];
  const fill: ReadModelFill<Row, Row> = {
    held: (ids) => stored.filter((row) => ids.map((id) => id.toLowerCase()).includes(row.id)),
    ask: async (missing) => {
      asked.push(missing);
      return owned.filter((row) => missing.includes(row.id));
    },
    store: async (answers) => {
      stored.push(...answers);
      return answers;
    },
  };
  return { fill, asked, stored };
}

const a = { id: 'aaaa', name: 'Ada' };
const b = { id: 'bbbb', name: 'Bo' };
const c = { id: 'cccc', name: 'Cy' };

describe('fillOnMiss', () => {
  it('asks the owner once for every missing id, stores the answers and answers held and fetched rows', async () => {
    const { fill, asked, stored } = readModel([a], [b, c]);
    const filled = await fillOnMiss(['aaaa', 'bbbb', 'cccc', 'bbbb'], fill);
    expect(asked).toEqual([['bbbb', 'cccc']]);
    expect([...filled.rows.values()]).toEqual([a, b, c]);
    expect(filled.unknown).toEqual([]);
    expect(stored).toEqual([a, b, c]);
  });

  it('does not ask the owner when the read model holds every row', async () => {
    const { fill, asked } = readModel([a, b], []);
    expect((await fillOnMiss(['bbbb', 'aaaa'], fill)).rows).toEqual(
      new Map([
        ['aaaa', a],
        ['bbbb', b],
      ]),
    );
    expect(asked).toEqual([]);
  });

  it('names the ids nobody knows as they were given, and finds the others whatever their case', async () => {
    const { fill, asked } = readModel([a], [b]);
    const filled = await fillOnMiss(['AAAA', 'BBBB', 'DDDD'], fill);
    expect(asked).toEqual([['bbbb', 'dddd']]);
    expect(filled.rows.get('aaaa')).toBe(a);
    expect(filled.rows.get('bbbb')).toBe(b);
    expect(filled.unknown).toEqual(['DDDD']);
  });

  it('stores nothing when the owner knows none of the missing ids', async () => {
    const { fill, stored } = readModel([], []);
    expect((await fillOnMiss(['dddd'], fill)).unknown).toEqual(['dddd']);
    expect(stored).toEqual([]);
  });
});
