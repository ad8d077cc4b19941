import type { AwayModeDto, SellerAwayChangedEvent } from '@souvenir/contracts';
import type { AwayRow } from './away.repository';

/** The change as payments and messaging's read models take it. */
export function toAwayChangedEvent(sellerId: string, row: AwayRow): SellerAwayChangedEvent {
  return {
    sellerId,
    until: row.until,
    message: row.message,
    version: row.version,
    occurredAt: new Date().toISOString(),
  };
}

/** The state as the API answers it: the message only to the seller themself. */
export function toAwayModeDto(row: AwayRow | null, own: boolean): AwayModeDto {
  if (!row?.until) return own ? { until: null, message: null } : { until: null };
  return own ? { until: row.until, message: row.message } : { until: row.until };
}
