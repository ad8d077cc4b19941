import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Characters a person never types into a name but an attacker uses to spoof one: controls (Cc: NUL, newlines,
 * escapes), format characters (Cf: zero-width space U+200B, the bidi embeddings and overrides U+202A–202E and
 * isolates U+2066–2069, soft hyphen, BOM), line and paragraph separators (Zl, Zp) and lone surrogates (Cs).
 * Zero-width (non-)joiner U+200C/U+200D are Cf too but stay allowed: Persian and Indic names need them to be
 * spelt right, and emoji sequences use them; they cannot reorder text.
 */
const NOT_PLAIN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** True when `value` holds none of the invisible, control or bidi characters above. */
export function isPlainText(value: unknown): boolean {
  return typeof value === 'string' && !NOT_PLAIN.test(value);
}

/** Refuses names and other human text that hide control, format or bidi characters (see `NOT_PLAIN`). */
export function IsPlainText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPlainText',
      validator: {
        validate: (value) => isPlainText(value),
        defaultMessage: () => '$property contains invisible or control characters',
      },
    },
    options,
  );
}

/**
 * Trims and NFC-normalises a string, so one name has one spelling whichever way the keyboard composed it
 * (`é` as one code point or `e` + combining accent). Other values pass through for the validators to refuse.
 */
export const NormalizedText = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().normalize('NFC') : value));
