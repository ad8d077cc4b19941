import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENTS,
  MODERATION_MESSAGES,
  type AppealReportRequest,
  type CreateReportRequest,
  type DecideReportRequest,
  type Done,
  type ModerationDecisionDto,
  type ReportDto,
} from '@souvenir/contracts';
import { DomainError, Outbox, SupportRole } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { ReportSnapshots } from './report-snapshots';
import { ReportsRepository, type ReportRow } from './reports.repository';

const REPORT_NOT_FOUND = 'Report';

function toReportDto(row: ReportRow, subjectType: ReportDto['subjectType'], subjectId: string): ReportDto {
  return {
    id: row.id,
    subjectType,
    subjectId,
    reason: row.reason,
    details: row.details,
    status: row.closedAt ? 'closed' : 'open',
    createdAt: row.createdAt,
  };
}

/**
 * Reports and support's decisions. A report only puts its subject in the queue: nothing is hidden until support
 * decides, however many people report it (no brigading). A decision closes every open report of the subject and is
 * published from the outbox in its transaction; the owners of the content apply it.
 */
@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reports: ReportsRepository,
    private readonly snapshots: ReportSnapshots,
    private readonly outbox: Outbox,
    private readonly supportRole: SupportRole,
  ) {}

  async create(request: CreateReportRequest): Promise<ReportDto> {
    // Asked before the transaction: an RPC never holds a row lock.
    const snapshot = await this.snapshots.of(request.actorId, request.subjectType, request.subjectId);
    if (snapshot.ownerId === request.actorId) throw DomainError.forbidden(MODERATION_MESSAGES.ownContent);
    const details = request.details ? request.details : null;
    return this.dataSource.transaction(async (manager) => {
      const found = await this.reports.openCase(
        manager,
        request.subjectType,
        request.subjectId,
        snapshot,
        randomUUID(),
      );
      const report = await this.reports.addReport(manager, {
        id: randomUUID(),
        caseId: found.id,
        reporterId: request.actorId,
        reason: request.reason,
        details,
      });
      if (!report) throw DomainError.conflict(MODERATION_MESSAGES.duplicate);
      return toReportDto(report, request.subjectType, request.subjectId);
    });
  }

  async decide(request: DecideReportRequest): Promise<ModerationDecisionDto> {
    await this.supportRole.require(request.actorId, MODERATION_MESSAGES.supportOnly);
    return this.dataSource.transaction(async (manager) => {
      const report = await this.reports.findReport(manager, request.reportId);
      if (!report) throw DomainError.notFound(REPORT_NOT_FOUND);
      const found = (await this.reports.lockCase(manager, report.caseId))!;
      if (found.status === 'decided') throw DomainError.conflict('Support has already decided on this report');
      const decision = await this.reports.decide(manager, {
        id: randomUUID(),
        caseId: found.id,
        reportId: report.id,
        action: request.action,
        reason: request.reason,
        by: request.actorId,
      });
      if (request.action === 'suspend') await this.reports.suspend(manager, found.ownerId, decision.id);
      await this.outbox.add(manager, EVENTS.moderation.decided, {
        decisionId: decision.id,
        reportId: report.id,
        subjectType: found.subjectType,
        subjectId: found.subjectId,
        ownerId: found.ownerId,
        action: request.action,
        reason: request.reason,
        occurredAt: decision.decidedAt,
      });
      return {
        id: decision.id,
        reportId: report.id,
        action: decision.action,
        reason: decision.reason,
        decidedAt: decision.decidedAt,
      };
    });
  }

  /**
   * The reported person answers the latest decision about their content, once: the case goes back to support's
   * queue with the appeal beside the decision. Anyone else, or a report that is not about them, is NOT_FOUND.
   */
  async appeal(request: AppealReportRequest): Promise<Done> {
    await this.dataSource.transaction(async (manager) => {
      const report = await this.reports.findReport(manager, request.reportId);
      const found = report && (await this.reports.lockCase(manager, report.caseId));
      if (!found || found.ownerId !== request.actorId) throw DomainError.notFound(REPORT_NOT_FOUND);
      const decision = await this.reports.latestDecision(manager, found.id);
      if (decision?.appealedAt) throw DomainError.conflict('You have already appealed this decision');
      if (!decision || decision.action === 'dismiss' || found.status !== 'decided')
        throw DomainError.conflict('There is no decision about this report to appeal');
      if (!(await this.reports.appeal(manager, decision.id, found.id, request.message)))
        throw DomainError.conflict('You have already appealed this decision');
    });
    return { ok: true };
  }
}
