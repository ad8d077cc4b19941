import { DomainError } from '../errors/domain-error';
import { encodeCursor, hasExactlyKeys, isInt4Count, isIsoTimestamp, timeIdCursor } from './cursor';

describe('isIsoTimestamp', () => {
  it('accepts the timestamps Postgres writes', () => {
    for (const t of [
      '2026-11-24T08:00:00Z',
      '2026-11-24T08:00:00.123456Z',
      '2024-02-29T23:59:59.999999Z',
      '1970-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
    ]) {
      expect(isIsoTimestamp(t)).toBe(true);
    }
  });

  it('refuses dates that JavaScript rolls over but Postgres refuses, and years out of range', () => {
    for (const t of [
      '2026-02-30T00:00:00Z',
      '2026-02-29T12:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T23:60:00Z',
      '0000-01-01T00:00:00.000000Z',
      '1900-01-01T00:00:00Z',
      '2026-01-01T00:00:00+01:00',
      '2026-01-01 00:00:00Z',
      20260101,
      null,
    ]) {
      expect(isIsoTimestamp(t)).toBe(false);
    }
  });
});

describe('isInt4Count', () => {
  it('accepts whole counts that fit Postgres integer only', () => {
    expect([0, 1, 2 ** 31 - 1].map(isInt4Count)).toEqual([true, true, true]);
    expect([2 ** 31, 2 ** 53, -1, 1.5, Number.NaN, '3'].map(isInt4Count)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('hasExactlyKeys', () => {
  it('wants exactly the given fields', () => {
    expect(hasExactlyKeys({ a: 1, b: 2 }, ['b', 'a'])).toBe(true);
    expect(hasExactlyKeys({ a: 1 }, ['a', 'b'])).toBe(false);
    expect(hasExactlyKeys({ a: 1, b: 2, c: 3 }, ['a', 'b'])).toBe(false);
    expect(hasExactlyKeys([1, 2], ['0', '1'])).toBe(false);
    expect(hasExactlyKeys(null, [])).toBe(false);
  });
});

describe('timeIdCursor', () => {
  const { encode, decode } = timeIdCursor('at', 'id');
  const key = { at: '2026-11-24T08:00:00.123456Z', id: '0b7c1f4e-8a57-4c8e-9a53-5b2d8e7f3a11' };
  const refused = (cursor: string) => {
    try {
      decode(cursor);
      return false;
    } catch (error) {
      return error instanceof DomainError && error.message === 'Invalid cursor';
    }
  };

  it('reads back what it wrote', () => {
    expect(decode(encode(key))).toEqual(key);
  });

  it('reads nothing but the exact text it writes: other spellings of the same document, extra fields, bad values', () => {
    const cursor = encode(key);
    const document = (k: object, extra: object = {}) =>
      Buffer.from(JSON.stringify({ v: 1, k, ...extra })).toString('base64url');
    const spaced = Buffer.from(JSON.stringify({ v: 1, k: key }, null, 1)).toString('base64url');
    for (const forged of [
      `${cursor}=`,
      ` ${cursor}`,
      `${cursor.slice(0, 10)}.${cursor.slice(10)}`,
      Buffer.from(JSON.stringify({ v: 1, k: key })).toString('base64'),
      spaced,
      document(key, { x: 1 }),
      document({ ...key, x: 1 }),
      document({ ...key, at: '2026-02-30T00:00:00Z' }),
      document({ ...key, at: '0000-01-01T00:00:00Z' }),
      document({ ...key, id: 'x' }),
      encodeCursor({ v: 2, k: key }),
    ]) {
      expect({ forged, refused: refused(forged) }).toEqual({ forged, refused: true });
    }
  });
});
