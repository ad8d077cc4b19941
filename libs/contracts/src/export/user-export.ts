import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

/**
 * The sections of a person's data each service answers, by service: the archive holds one JSON file per section
 * (`<service>/<section>.json`). A new kind of personal data (saved searches, say) is one more entry here, answered
 * by its owner's `<service>.user.export`, and identity's job writes it without further change.
 */
export const USER_EXPORT_SECTIONS = {
  identity: ['profile', 'passkeys', 'devices'],
  catalog: ['listings', 'away-mode'],
  favourites: ['favourites'],
  messaging: ['conversations', 'messages'],
  payments: ['orders', 'addresses', 'payouts', 'ledger', 'bundle-discount', 'offers'],
  reviews: ['written', 'received'],
  notifications: ['notifications'],
  media: ['uploads'],
  moderation: ['reports', 'appeals'],
  alerts: ['saved-searches', 'saved-search-matches'],
} as const;

export type UserExportService = keyof typeof USER_EXPORT_SECTIONS;
export type UserExportSection<S extends UserExportService = UserExportService> =
  (typeof USER_EXPORT_SECTIONS)[S][number];

const ALL_SECTIONS = [...new Set(Object.values(USER_EXPORT_SECTIONS).flat())];

/** One page of one section of a person's data. A service answers only that person's rows, oldest first. */
export class UserExportRequest {
  @IsUUID('all') userId!: string;
  @IsIn(ALL_SECTIONS) section!: string;
  /** The previous page's `next`; an unreadable one is VALIDATION_FAILED. */
  @IsOptional() @IsString() @MaxLength(200) @Matches(/^[^|]+\|[^|]+$/) after?: string;
}

/**
 * A page of rows, kept well under NATS's payload limit by a byte budget as well as a row count: `next` is set when
 * more rows follow.
 */
export interface UserExportPage {
  items: Record<string, unknown>[];
  next?: string;
}
