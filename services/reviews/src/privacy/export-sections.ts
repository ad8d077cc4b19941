import type { UserExportSql } from '@souvenir/platform';

/**
 * reviews's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * Reviews written, and those received once published (a hidden draft of the other party's is theirs until then).
 */
export const REVIEWS_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  written: `
    SELECT json_build_object('id', id, 'orderId', order_id, 'as', author_role, 'aboutUserId', subject_id,
        'rating', rating, 'text', text, 'createdAt', created_at, 'updatedAt', updated_at, 'publishedAt', published_at,
        'reply', reply_text, 'repliedAt', replied_at, 'hiddenAt', hidden_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM reviews.reviews WHERE author_id = $1`,
  received: `
    SELECT json_build_object('id', id, 'orderId', order_id, 'authorRole', author_role, 'rating', rating,
        'text', text, 'publishedAt', published_at, 'reply', reply_text, 'repliedAt', replied_at,
        'hiddenAt', hidden_at) AS item,
      published_at AS key_at, id::text AS key_id
    FROM reviews.reviews WHERE subject_id = $1 AND published_at IS NOT NULL`,
};
