import type { ValueTransformer } from 'typeorm';

/**
 * Cents are `bigint` in Postgres, which node-postgres reads as a string. Every amount the provider accepts
 * (at most 99,999,999 cents) is far inside Number's exact integer range, so cents are plain numbers in code.
 */
export const CENTS: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** Cents as the API's dollar string ("16.00"). */
export function fromCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Other `bigint` columns whose values stay far inside Number's exact range (Unix seconds of provider events). */
export const BIGINT_NUMBER = CENTS;
