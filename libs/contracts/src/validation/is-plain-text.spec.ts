import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { IsPlainText, NormalizedText, isPlainText } from './is-plain-text';

class Named {
  @NormalizedText() @IsPlainText() name!: string;
}

const check = (name: unknown) => {
  const dto = plainToInstance(Named, { name });
  return { name: dto.name, errors: validateSync(dto).map((e) => Object.values(e.constraints ?? {})[0]) };
};

describe('IsPlainText', () => {
  it.each([
    ['zero-width space', 'Yu\u200Bki'],
    ['right-to-left override', '\u202Eikuy'],
    ['left-to-right embedding', 'Yu\u202Aki'],
    ['first strong isolate', 'Yu\u2068ki\u2069'],
    ['byte order mark inside', 'Yu\uFEFFki'],
    ['soft hyphen', 'Yu\u00ADki'],
    ['NUL', 'Yu\u0000ki'],
    ['newline', 'Yu\nki'],
    ['escape', 'Yu\u001B[31mki'],
    ['line separator', 'Yu\u2028ki'],
    ['paragraph separator', 'Yu\u2029ki'],
    ['lone surrogate', 'Yu\uD800ki'],
  ])('refuses a %s', (_, name) => {
    expect(isPlainText(name)).toBe(false);
    expect(check(name).errors).toEqual(['name contains invisible or control characters']);
  });

  it.each([
    ['accents', 'Sofía Léa'],
    ['an apostrophe and a hyphen', "O'Neil-Smith"],
    ['CJK', '田中 由紀'],
    ['Arabic', 'أمارا'],
    ['Persian with a zero-width non-joiner', 'مهر\u200Cآسا'],
    ['an emoji sequence with a joiner', 'Ana 👩\u200D💻'],
  ])('keeps names with %s', (_, name) => {
    expect(check(name).errors).toEqual([]);
  });

  it('trims and NFC-normalises, so a decomposed accent is stored composed', () => {
    expect(check('  Le\u0301a ').name).toBe('L\u00E9a');
  });

  it('refuses what is not a string', () => {
    expect(isPlainText(42)).toBe(false);
  });
});
