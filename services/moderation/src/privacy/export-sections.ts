import type { UserExportSql } from '@souvenir/platform';

/**
 * moderation's part of a person's data export: the reports they made, and support's decisions about their content
 * with their appeals. Who reported them is not theirs to know, so those reports are not in it.
 */
export const MODERATION_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  reports: `
    SELECT json_build_object('id', r.id, 'subjectType', c.subject_type, 'subjectId', c.subject_id,
        'reason', r.reason, 'details', r.details, 'createdAt', r.created_at, 'closedAt', r.closed_at) AS item,
      r.created_at AS key_at, r.id::text AS key_id
    FROM moderation.reports r JOIN moderation.cases c ON c.id = r.case_id WHERE r.reporter_id = $1`,
  appeals: `
    SELECT json_build_object('id', d.id, 'subjectType', c.subject_type, 'subjectId', c.subject_id,
        'action', d.action, 'reason', d.reason, 'decidedAt', d.decided_at, 'appeal', d.appeal_message,
        'appealedAt', d.appealed_at) AS item,
      d.decided_at AS key_at, d.id::text AS key_id
    FROM moderation.decisions d JOIN moderation.cases c ON c.id = d.case_id
    WHERE c.owner_id = $1 AND d.action <> 'dismiss'`,
};
