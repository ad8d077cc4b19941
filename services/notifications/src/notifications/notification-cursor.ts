import { timeIdCursor } from '@souvenir/platform';

/** Where a page of the bell ends: the last notification's time (with Postgres's microseconds) and id. */
export interface NotificationKey {
  createdAt: string;
  id: string;
}

export const { encode: encodeNotificationCursor, decode: decodeNotificationCursor } = timeIdCursor('createdAt', 'id');
