const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * Relative time of spec section 9: 'just now' under a minute, then '{n} min ago', hours, days up to 6,
 * weeks up to 4, and after about 30 days the local date.
 */
export function relativeTime(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const elapsed = now.getTime() - date.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return plural(Math.floor(elapsed / DAY), 'day');
  if (elapsed < 30 * DAY) return plural(Math.min(4, Math.floor(elapsed / WEEK)), 'week');
  return date.toLocaleDateString();
}

/** "March 2024" for a joined date. */
export function monthYear(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** "Mar 4, 2024" for a listed date. */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "Tue, Dec 3, 2:00 PM" for a reservation's end, in the reader's own time zone. */
export function reservationEnd(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
}

/** Whether a reservation's end is still ahead (a card or a page kept a little longer must not say "Reserved"). */
export function isReservedNow(reservedUntil: string | undefined, now = Date.now()): reservedUntil is string {
  return Boolean(reservedUntil) && Date.parse(reservedUntil!) > now;
}
