import type { UserExportSql } from '@souvenir/platform';

/**
 * media's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * The list of uploads; identity's job fetches their files from media over HTTP, never over NATS.
 */
export const MEDIA_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  uploads: `
    SELECT json_build_object('id', id,
        'url', '/media/' || hash || '-' || (SELECT max(w) FROM unnest(widths) AS w) || '.webp',
        'width', width, 'height', height, 'createdAt', created_at, 'usedAt', used_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM media.uploads WHERE owner_id = $1`,
};
