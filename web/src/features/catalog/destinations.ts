/** Countries with a destination illustration in web/public/destinations. */
const illustrated = new Set(['japan', 'france', 'italy', 'thailand', 'morocco', 'peru']);

export function destinationImage(country: string): string | null {
  const key = country.trim().toLowerCase();
  return illustrated.has(key) ? `/destinations/${key}.svg` : null;
}
