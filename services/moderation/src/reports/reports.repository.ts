import { Injectable } from '@nestjs/common';
import type { ModerationAction, ReportReasonCode, ReportSnapshotDto, ReportSubjectType } from '@souvenir/contracts';
import { isUniqueViolation } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';

export type CaseStatus = 'open' | 'decided' | 'appealed';

export interface CaseRow {
  id: string;
  subjectType: ReportSubjectType;
  subjectId: string;
  ownerId: string;
  snapshot: ReportSnapshotDto;
  status: CaseStatus;
  origin: 'reports' | 'held' | 'shield' | 'velocity';
  matchedKeywords: string[];
  queuedAt: string;
  /** queued_at with Postgres's microseconds, the queue's keyset. */
  keyAt: string;
}

export interface ReportRow {
  id: string;
  caseId: string;
  reporterId: string;
  reason: ReportReasonCode;
  details: string | null;
  createdAt: string;
  closedAt: string | null;
  decisionId: string | null;
}

export interface DecisionRow {
  id: string;
  caseId: string;
  reportId: string;
  action: ModerationAction;
  reason: string;
  decidedAt: string;
  appealMessage: string | null;
  appealedAt: string | null;
}

const CASE_COLUMNS = `id, subject_type AS "subjectType", subject_id AS "subjectId", owner_id AS "ownerId", snapshot,
  status, origin, matched_keywords AS "matchedKeywords", queued_at AS "queuedAt",
  to_char(queued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "keyAt"`;
const REPORT_COLUMNS = `id, case_id AS "caseId", reporter_id AS "reporterId", reason, details, created_at AS "createdAt",
  closed_at AS "closedAt", decision_id AS "decisionId"`;
const DECISION_COLUMNS = `id, case_id AS "caseId", report_id AS "reportId", action, reason, decided_at AS "decidedAt",
  appeal_message AS "appealMessage", appealed_at AS "appealedAt"`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));

function toCase(row: CaseRow): CaseRow {
  return { ...row, queuedAt: iso(row.queuedAt) };
}
function toReport(row: ReportRow): ReportRow {
  return { ...row, createdAt: iso(row.createdAt), closedAt: row.closedAt === null ? null : iso(row.closedAt) };
}
function toDecision(row: DecisionRow): DecisionRow {
  return {
    ...row,
    decidedAt: iso(row.decidedAt),
    appealedAt: row.appealedAt === null ? null : iso(row.appealedAt),
  };
}

/** moderation's tables; every query here has its index (see the migration). */
@Injectable()
export class ReportsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The subject's case, created if it is the first report and locked for the rest of the transaction. A decided case
   * goes back to the queue: a new report is news.
   */
  async openCase(
    manager: EntityManager,
    subjectType: ReportSubjectType,
    subjectId: string,
    snapshot: ReportSnapshotDto,
    id: string,
  ): Promise<CaseRow> {
    await manager.query(
      `INSERT INTO moderation.cases (id, subject_type, subject_id, owner_id, snapshot, status)
       VALUES ($1, $2, $3, $4, $5, 'open')
       ON CONFLICT (subject_type, subject_id) DO NOTHING`,
      [id, subjectType, subjectId, snapshot.ownerId, JSON.stringify(snapshot)],
    );
    const [row] = await manager.query<CaseRow[]>(
      `SELECT ${CASE_COLUMNS} FROM moderation.cases WHERE subject_type = $1 AND subject_id = $2 FOR UPDATE`,
      [subjectType, subjectId],
    );
    if (row!.status === 'decided') {
      const [reopened] = await manager.query<[CaseRow[], number]>(
        `UPDATE moderation.cases SET status = 'open', queued_at = now(), snapshot = $2 WHERE id = $1
         RETURNING ${CASE_COLUMNS}`,
        [row!.id, JSON.stringify(snapshot)],
      );
      return toCase(reopened[0]!);
    }
    return toCase(row!);
  }

  /** False when the reporter already has an open report on this case (the partial unique index decides). */
  async addReport(
    manager: EntityManager,
    report: { id: string; caseId: string; reporterId: string; reason: ReportReasonCode; details: string | null },
  ): Promise<ReportRow | null> {
    try {
      await manager.query('SAVEPOINT add_report');
      const [row] = await manager.query<ReportRow[]>(
        `INSERT INTO moderation.reports (id, case_id, reporter_id, reason, details) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${REPORT_COLUMNS}`,
        [report.id, report.caseId, report.reporterId, report.reason, report.details],
      );
      await manager.query('RELEASE SAVEPOINT add_report');
      return toReport(row!);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await manager.query('ROLLBACK TO SAVEPOINT add_report');
      return null;
    }
  }

  async findReport(manager: EntityManager, reportId: string): Promise<ReportRow | null> {
    const [row] = await manager.query<ReportRow[]>(`SELECT ${REPORT_COLUMNS} FROM moderation.reports WHERE id = $1`, [
      reportId,
    ]);
    return row ? toReport(row) : null;
  }

  async lockCase(manager: EntityManager, caseId: string): Promise<CaseRow | null> {
    const [row] = await manager.query<CaseRow[]>(
      `SELECT ${CASE_COLUMNS} FROM moderation.cases WHERE id = $1 FOR UPDATE`,
      [caseId],
    );
    return row ? toCase(row) : null;
  }

  async latestDecision(manager: EntityManager, caseId: string): Promise<DecisionRow | null> {
    const [row] = await manager.query<DecisionRow[]>(
      `SELECT ${DECISION_COLUMNS} FROM moderation.decisions WHERE case_id = $1 ORDER BY decided_at DESC LIMIT 1`,
      [caseId],
    );
    return row ? toDecision(row) : null;
  }

  /** Records the decision, closes the case's open reports with it, and takes the case out of the queue. */
  async decide(
    manager: EntityManager,
    decision: { id: string; caseId: string; reportId: string; action: ModerationAction; reason: string; by: string },
  ): Promise<DecisionRow> {
    const [row] = await manager.query<DecisionRow[]>(
      `INSERT INTO moderation.decisions (id, case_id, report_id, action, reason, decided_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${DECISION_COLUMNS}`,
      [decision.id, decision.caseId, decision.reportId, decision.action, decision.reason, decision.by],
    );
    await manager.query(
      `UPDATE moderation.reports SET closed_at = now(), decision_id = $2 WHERE case_id = $1 AND closed_at IS NULL`,
      [decision.caseId, decision.id],
    );
    await manager.query(`UPDATE moderation.cases SET status = 'decided' WHERE id = $1`, [decision.caseId]);
    return toDecision(row!);
  }

  async suspend(manager: EntityManager, userId: string, decisionId: string): Promise<void> {
    await manager.query(
      `INSERT INTO moderation.suspensions (user_id, decision_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [userId, decisionId],
    );
  }

  /** Once per decision: false when it was already appealed. */
  async appeal(manager: EntityManager, decisionId: string, caseId: string, message: string): Promise<boolean> {
    const [, count] = await manager.query<[unknown[], number]>(
      `UPDATE moderation.decisions SET appeal_message = $2, appealed_at = now() WHERE id = $1 AND appealed_at IS NULL`,
      [decisionId, message],
    );
    if (count !== 1) return false;
    await manager.query(`UPDATE moderation.cases SET status = 'appealed', queued_at = now() WHERE id = $1`, [caseId]);
    return true;
  }

  /** A page of the queue: waiting cases, oldest first, after the keyset `after`. */
  async queuePage(limit: number, after: { queuedAt: string; id: string } | null): Promise<CaseRow[]> {
    const rows = await this.db.query<CaseRow[]>(
      `SELECT ${CASE_COLUMNS} FROM moderation.cases
       WHERE status IN ('open', 'appealed') AND ($2::timestamptz IS NULL OR (queued_at, id) > ($2, $3::uuid))
       ORDER BY queued_at, id LIMIT $1`,
      [limit, after?.queuedAt ?? null, after?.id ?? null],
    );
    return rows.map(toCase);
  }

  async countQueue(): Promise<number> {
    const [{ n }] = await this.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM moderation.cases WHERE status IN ('open', 'appealed')`,
    );
    return n;
  }

  /** The open reports of these cases, oldest first. */
  async openReportsOf(caseIds: string[]): Promise<ReportRow[]> {
    if (!caseIds.length) return [];
    const rows = await this.db.query<ReportRow[]>(
      `SELECT ${REPORT_COLUMNS} FROM moderation.reports WHERE case_id = ANY($1::uuid[]) AND closed_at IS NULL
       ORDER BY case_id, created_at`,
      [caseIds],
    );
    return rows.map(toReport);
  }

  /** The latest decision of each case (appealed cases show it with the appeal). */
  async latestDecisionsOf(caseIds: string[]): Promise<DecisionRow[]> {
    if (!caseIds.length) return [];
    const rows = await this.db.query<DecisionRow[]>(
      `SELECT DISTINCT ON (case_id) ${DECISION_COLUMNS} FROM moderation.decisions WHERE case_id = ANY($1::uuid[])
       ORDER BY case_id, decided_at DESC`,
      [caseIds],
    );
    return rows.map(toDecision);
  }

  /** How many reports each of these people made, ever. */
  async reportsMadeBy(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.db.query<{ id: string; n: number }[]>(
      `SELECT reporter_id AS id, count(*)::int AS n FROM moderation.reports WHERE reporter_id = ANY($1::uuid[])
       GROUP BY reporter_id`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /** Per person: cases about them, and decisions that hid their content or suspended them. */
  async historyAbout(userIds: string[]): Promise<Map<string, { cases: number; actions: number }>> {
    if (!userIds.length) return new Map();
    const rows = await this.db.query<{ id: string; cases: number; actions: number }[]>(
      `SELECT c.owner_id AS id, count(DISTINCT c.id)::int AS cases,
         count(d.id) FILTER (WHERE d.action <> 'dismiss')::int AS actions
       FROM moderation.cases c LEFT JOIN moderation.decisions d ON d.case_id = c.id
       WHERE c.owner_id = ANY($1::uuid[]) GROUP BY c.owner_id`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.id, { cases: r.cases, actions: r.actions }]));
  }

  async suspendedAmong(userIds: string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT user_id AS id FROM moderation.suspensions WHERE user_id = ANY($1::uuid[])`,
      [userIds],
    );
    return new Set(rows.map((r) => r.id));
  }
}
