import type { BuyerProtectionDto } from '@souvenir/contracts';

/** A period of buyer protection, by its name in the settings (`…Days` or `…Hours`). */
export type Period = keyof BuyerProtectionDto;

const SECONDS = { day: 86_400, hour: 3_600, minute: 60, second: 1 } as const;

/** "5 days", "72 hours", "1 day"; a test stack's fraction of a day reads in the largest unit it fills. */
export function periodText(period: Period, value: number): string {
  const unit = period.endsWith('Hours') ? 'hour' : 'day';
  const seconds = value * SECONDS[unit];
  const fits =
    (Object.keys(SECONDS) as (keyof typeof SECONDS)[])
      .filter((candidate) => SECONDS[candidate] <= SECONDS[unit])
      .find((candidate) => seconds >= SECONDS[candidate]) ?? 'second';
  const exact = seconds / SECONDS[fits];
  const amount = exact >= 10 ? Math.round(exact) : Math.round(exact * 10) / 10;
  return `${amount} ${fits}${amount === 1 ? '' : 's'}`;
}
