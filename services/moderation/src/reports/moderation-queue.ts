import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  MODERATION_MESSAGES,
  RPC,
  type CountSupportQueueRequest,
  type ListModerationQueueRequest,
  type ModerationCaseDto,
  type ModerationPersonDto,
  type ModerationReportsCountDto,
  type ModerationQueuePageDto,
  type PersonOrderCountsDto,
  type UserDto,
} from '@souvenir/contracts';
import { DomainError, RpcClient, SupportRole } from '@souvenir/platform';
import { AUTOMATIC_REPORTER } from './automatic-cases';
import { decodeQueueCursor, encodeQueueCursor } from './queue-cursor';
import { ReportsRepository } from './reports.repository';

/**
 * Support's queue: one case per reported subject with what it looked like, its open reports, and both sides'
 * history. A page costs a fixed number of queries, one identity request for every name on it and one payments request
 * for everyone's orders (never one per row).
 */
@Injectable()
export class ModerationQueue {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly rpc: RpcClient,
    private readonly supportRole: SupportRole,
  ) {}

  async count({ actorId }: CountSupportQueueRequest): Promise<ModerationReportsCountDto> {
    await this.supportRole.require(actorId, MODERATION_MESSAGES.supportOnly);
    return { reports: await this.reports.countQueue() };
  }

  async page({ actorId, limit, cursor }: ListModerationQueueRequest): Promise<ModerationQueuePageDto> {
    await this.supportRole.require(actorId, MODERATION_MESSAGES.supportOnly);
    const after = cursor === undefined ? null : decodeQueueCursor(cursor);
    const rows = await this.reports.queuePage(limit + 1, after);
    const cases = rows.slice(0, limit);
    const ids = cases.map((c) => c.id);
    const [openReports, decisions] = await Promise.all([
      this.reports.openReportsOf(ids),
      this.reports.latestDecisionsOf(ids),
    ]);
    // A hold's or the shield's report is a rule's, not a person's: it names the case's report id only.
    const byPeople = openReports.filter((r) => r.reporterId !== AUTOMATIC_REPORTER);
    const reporterIds = [...new Set(byPeople.map((r) => r.reporterId))];
    const ownerIds = [...new Set(cases.map((c) => c.ownerId))];
    const everyone = [...new Set([...reporterIds, ...ownerIds])];
    const [users, orders, made, about, suspended] = await Promise.all([
      everyone.length ? this.rpc.send(RPC.identity.getUsersByIds, { userIds: everyone }) : Promise.resolve([]),
      this.ordersOf(everyone),
      this.reports.reportsMadeBy(reporterIds),
      this.reports.historyAbout(everyone),
      this.reports.suspendedAmong(everyone),
    ]);
    const byId = new Map<string, UserDto>(users.map((u) => [u.id, u]));
    const ordersById = new Map(orders.map(({ userId, bought, sold }) => [userId, { bought, sold }]));
    const person = (id: string, earlierReports: number): ModerationPersonDto => {
      const user = byId.get(id);
      return {
        id,
        name: user ? `${user.firstName} ${user.lastName}`.trim() : 'Unknown user',
        memberSince: user?.createdAt ?? null,
        earlierReports,
        earlierActions: about.get(id)?.actions ?? 0,
        orders: ordersById.get(id) ?? null,
        suspended: suspended.has(id),
      };
    };
    const items: ModerationCaseDto[] = cases.map((c) => {
      const open = openReports.filter((r) => r.caseId === c.id);
      const reports = byPeople.filter((r) => r.caseId === c.id);
      const decision = decisions.find((d) => d.caseId === c.id);
      const appeal =
        c.status === 'appealed' && decision?.appealedAt && decision.appealMessage !== null
          ? {
              action: decision.action,
              reason: decision.reason,
              message: decision.appealMessage,
              appealedAt: decision.appealedAt,
            }
          : null;
      return {
        reportId: open[0]?.id ?? decision!.reportId,
        subjectType: c.subjectType,
        subjectId: c.subjectId,
        status: c.status === 'appealed' ? 'appealed' : 'open',
        origin: c.origin,
        content: { title: c.snapshot.title, text: c.snapshot.text, link: c.snapshot.link, image: c.snapshot.image },
        // Earlier cases about the subject: this one does not count.
        subject: person(c.ownerId, Math.max(0, (about.get(c.ownerId)?.cases ?? 1) - 1)),
        reports: reports.map((r) => ({
          id: r.id,
          reason: r.reason,
          details: r.details,
          createdAt: r.createdAt,
          reporter: person(r.reporterId, Math.max(0, (made.get(r.reporterId) ?? 1) - 1)),
        })),
        matchedKeywords: c.matchedKeywords,
        appeal,
        queuedAt: c.queuedAt,
      };
    });
    const last = cases.at(-1);
    return {
      items,
      nextCursor: rows.length > limit && last ? encodeQueueCursor({ queuedAt: last.keyAt, id: last.id }) : null,
    };
  }

  /**
   * The page's people's orders, in one request to payments. The queue still opens while payments cannot answer:
   * support decides on what was reported, and the counts read "not known" (null) until the next load.
   */
  private async ordersOf(userIds: string[]): Promise<PersonOrderCountsDto[]> {
    if (!userIds.length) return [];
    try {
      return await this.rpc.send(RPC.payments.countOrdersOfPeople, { userIds });
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Unavailable) return [];
      throw error;
    }
  }
}
