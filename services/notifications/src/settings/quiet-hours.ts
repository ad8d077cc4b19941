import type { QuietHours } from '@souvenir/contracts';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When the quiet hours that hold `now` end, or null when `now` is outside them. Local times are read in the person's
 * zone at `now`; on a night the clocks change, the end may come an hour early or late, which is fine for mail that
 * only waits for the morning. Equal start and end mean no quiet hours at all.
 */
export function quietHoursEnd(quiet: QuietHours | null, now: Date): Date | null {
  if (!quiet || quiet.start === quiet.end) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: quiet.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const local =
    Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return null;
  const wait = (end - local + 1440) % 1440;
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(minute + wait * 60_000);
}
