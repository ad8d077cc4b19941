const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" from a decimal string or number (spec section 9: US dollars, en-US). */
export function formatMoney(value: string | number | null | undefined): string {
  const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
  return usd.format(amount != null && Number.isFinite(amount) ? amount : 0);
}
