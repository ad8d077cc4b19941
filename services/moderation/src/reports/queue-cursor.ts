import { timeIdCursor } from '@souvenir/platform';

/** Where a page of support's queue ends: the last case's queued time (microseconds) and id. */
export const { encode: encodeQueueCursor, decode: decodeQueueCursor } = timeIdCursor('queuedAt', 'id');
