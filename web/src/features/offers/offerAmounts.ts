/** The smallest offer for a price: half of it, rounded up to the cent (as payments rounds it). */
export function minimumOffer(price: string): string {
  return (Math.ceil(toCents(price) / 2) / 100).toFixed(2);
}

/** Why an amount typed for an item of `price` would be refused, or null: the server's bounds, checked before sending. */
export function amountProblem(amount: string, price: string): string | null {
  const text = amount.trim();
  if (!text) return 'Enter an amount';
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return 'Enter an amount in dollars and cents, like 12.50';
  const cents = toCents(text);
  if (cents < toCents(minimumOffer(price))) return `At least half the price ($${minimumOffer(price)})`;
  if (cents > toCents(price)) return `At most the price ($${(toCents(price) / 100).toFixed(2)})`;
  return null;
}

function toCents(amount: string): number {
  const [whole, fraction = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
