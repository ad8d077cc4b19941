import { randomUUID } from 'node:crypto';
import type { ReportReasonCode, ReportSnapshotDto, ReportSubjectType } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';

/** The reporter of a case no person reported (a keyword hold, the shield): nobody. Its report gives support an id. */
export const AUTOMATIC_REPORTER = '00000000-0000-0000-0000-000000000000';

export interface AutomaticCase {
  subjectType: ReportSubjectType;
  subjectId: string;
  snapshot: ReportSnapshotDto & { ownerId: string };
  origin: 'held' | 'shield';
  /** What the check matched (keywords, or the shield's findings), shown on the case. */
  matched: string[];
  reason: ReportReasonCode;
}

/**
 * Opens a case in support's queue that a rule, not a person, raised; answers false when the subject already has one
 * (a redelivered event, or people reported it first), so the caller announces nothing twice.
 */
export async function openAutomaticCase(manager: EntityManager, found: AutomaticCase): Promise<boolean> {
  const caseId = randomUUID();
  const inserted = await manager.query<{ id: string }[]>(
    `INSERT INTO moderation.cases (id, subject_type, subject_id, owner_id, snapshot, status, origin, matched_keywords)
     VALUES ($1, $2, $3, $4, $5, 'open', $6, $7)
     ON CONFLICT (subject_type, subject_id) DO NOTHING RETURNING id`,
    [
      caseId,
      found.subjectType,
      found.subjectId,
      found.snapshot.ownerId,
      JSON.stringify(found.snapshot),
      found.origin,
      found.matched,
    ],
  );
  if (!inserted.length) return false;
  await manager.query(`INSERT INTO moderation.reports (id, case_id, reporter_id, reason) VALUES ($1, $2, $3, $4)`, [
    randomUUID(),
    caseId,
    AUTOMATIC_REPORTER,
    found.reason,
  ]);
  return true;
}
