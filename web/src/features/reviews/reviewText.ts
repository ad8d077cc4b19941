/** "12 Nov 2026": the day a review was published or replied to. */
export function reviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "4.7" for a summary's average. */
export const formatAverage = (average: number) => average.toFixed(1);
