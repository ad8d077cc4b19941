// Made on the first price shown, not when the module is evaluated: the browser's first Intl formatter loads its
// locale and currency data (tens of ms on a phone), which otherwise lengthened the task that evaluates Home's chunk.
let usd: Intl.NumberFormat | undefined;

/** "$1,234.50" from a decimal string or number (spec section 9: US dollars, en-US). */
export function formatMoney(value: string | number | null | undefined): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(amount != null && Number.isFinite(amount) ? amount : 0);
}
