import type { UserExportSql } from '@souvenir/platform';

/**
 * messaging's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * Both directions of every conversation the person is in; the other party's own data (their name, profile) stays theirs.
 */
export const MESSAGING_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  conversations: `
    SELECT json_build_object('otherUserId', other_user_id, 'productId', product_id,
        'lastMessageAt', last_message_at, 'unreadCount', unread_count) AS item,
      last_message_at AS key_at, other_user_id::text || ':' || product_id::text AS key_id
    FROM messaging.conversations WHERE user_id = $1`,
  messages: `
    SELECT json_build_object('id', id, 'direction', CASE WHEN from_user_id = $1 THEN 'sent' ELSE 'received' END,
        'fromUserId', from_user_id, 'toUserId', to_user_id, 'productId', product_id,
        -- A received message the shield caught is exported as its recipient was shown it.
        'content', CASE WHEN to_user_id = $1 THEN coalesce(masked_content, content) ELSE content END,
        'kind', kind, 'isRead', is_read, 'createdAt', created_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM messaging.messages WHERE from_user_id = $1 OR to_user_id = $1`,
};
