import type { UserExportSql } from '@souvenir/platform';

/**
 * notifications's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * The bell's items.
 */
export const NOTIFICATIONS_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  notifications: `
    SELECT json_build_object('id', id, 'kind', kind, 'text', text, 'link', link, 'createdAt', created_at,
        'readAt', read_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM notifications.notifications WHERE user_id = $1`,
};
