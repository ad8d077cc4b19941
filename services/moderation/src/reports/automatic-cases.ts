import { randomUUID } from 'node:crypto';
import type { ReportReasonCode, ReportSnapshotDto, ReportSubjectType } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';

/** The reporter of a case no person reported (a keyword hold, the shield): nobody. Its report gives support an id. */
export const AUTOMATIC_REPORTER = '00000000-0000-0000-0000-000000000000';

export interface AutomaticCase {
  /** A case support already decided gets this one back in the queue (the velocity rule: the account did it again). */
  reopenDecided?: boolean;
  subjectType: ReportSubjectType;
  subjectId: string;
  snapshot: ReportSnapshotDto & { ownerId: string };
  origin: 'held' | 'shield' | 'velocity';
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
  const opened = inserted.length ? inserted : found.reopenDecided ? await reopen(manager, found) : [];
  if (!opened.length) return false;
  await manager.query(`INSERT INTO moderation.reports (id, case_id, reporter_id, reason) VALUES ($1, $2, $3, $4)`, [
    randomUUID(),
    opened[0]!.id,
    AUTOMATIC_REPORTER,
    found.reason,
  ]);
  return true;
}

/** A decided case back in the queue, as a person's new report puts it back, with what was found this time. */
function reopen(manager: EntityManager, found: AutomaticCase): Promise<{ id: string }[]> {
  return manager
    .query<[{ id: string }[], number]>(
      `UPDATE moderation.cases SET status = 'open', queued_at = now(), snapshot = $3, origin = $4, matched_keywords = $5
        WHERE subject_type = $1 AND subject_id = $2 AND status = 'decided' RETURNING id`,
      [found.subjectType, found.subjectId, JSON.stringify(found.snapshot), found.origin, found.matched],
    )
    .then(([rows]) => rows);
}
