import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  type Contents,
  type CustomsNoticeDto,
  type CustomsRuleDto,
  type CustomsRuleHistoryDto,
  type GetCustomsRuleHistoryRequest,
  type ListCountryRulesRequest,
  type SaveCustomsRuleRequest,
} from '@souvenir/contracts';
import { DomainError, SupportRole } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { CustomsRulesRepository } from './customs-rules.repository';

export const SUPPORT_ONLY_RULES = 'Only support can see and edit customs rules';

/**
 * Customs rules: what a seller's country says about what an item contains. A listing whose contents may not
 * be sold there is refused with the rule's sentence and source; the other rules are shown to the seller and buyers.
 * Support edits the rules; every edit is a new version.
 */
@Injectable()
export class CustomsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rules: CustomsRulesRepository,
    private readonly supportRole: SupportRole,
  ) {}

  /**
   * The rules of the seller's country for these contents; none without a country, for "none of these", or when the
   * contents were not declared (null): rules apply to what the seller said, and we do not guess.
   */
  async noticesFor(country: string | null, contents: readonly Contents[] | null): Promise<CustomsNoticeDto[]> {
    const declared = (contents ?? []).filter((c) => c !== 'none');
    if (!country || declared.length === 0) return [];
    return (await this.rules.findFor(country, declared)).map(toNotice);
  }

  /** A listing the seller's country refuses: 400 on `contents` with the rule's sentence and its source. */
  refuseUnsellable(notices: readonly CustomsNoticeDto[]): void {
    const refusal = notices.find((n) => n.kind === 'may-not-be-sold');
    if (!refusal) return;
    const message = `${refusal.sentence} Source: ${refusal.sourceTitle} (${refusal.sourceUrl}).`;
    throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'contents', message }]);
  }

  countryRules(request: ListCountryRulesRequest): Promise<CustomsRuleDto[]> {
    return this.rules.findByCountry(request.country);
  }

  async listAll(actorId: string): Promise<CustomsRuleDto[]> {
    await this.supportRole.require(actorId, SUPPORT_ONLY_RULES);
    return this.rules.findAll();
  }

  async history(request: GetCustomsRuleHistoryRequest): Promise<CustomsRuleHistoryDto[]> {
    await this.supportRole.require(request.actorId, SUPPORT_ONLY_RULES);
    const versions = await this.rules.history(request.ruleId);
    if (!versions.length) throw DomainError.notFound('Rule');
    return versions;
  }

  /** Creates a rule or writes the next version of one; an edit of a version someone else replaced is refused. */
  async save(request: SaveCustomsRuleRequest): Promise<CustomsRuleDto> {
    await this.supportRole.require(request.actorId, SUPPORT_ONLY_RULES);
    return this.dataSource.transaction(async (manager: EntityManager) => {
      if (!request.ruleId) {
        const created = await this.rules.insert(manager, request.rule, request.actorId);
        if (!created)
          throw DomainError.conflict(
            `${request.rule.country} already has a rule for ${request.rule.contents}: edit it`,
          );
        return created;
      }
      const current = await this.rules.lock(manager, request.ruleId);
      if (!current) throw DomainError.notFound('Rule');
      if (current.country !== request.rule.country || current.contents !== request.rule.contents)
        throw new DomainError(
          ErrorCode.ValidationFailed,
          'A rule’s country and contents cannot change: add a new rule',
        );
      if (request.expectedVersion !== undefined && request.expectedVersion !== current.version)
        throw DomainError.conflict('Someone changed this rule meanwhile: reload it and edit again');
      return this.rules.update(manager, request.ruleId, request.rule, request.actorId);
    });
  }
}

function toNotice(rule: CustomsRuleDto): CustomsNoticeDto {
  return {
    contents: rule.contents,
    kind: rule.kind,
    sentence: rule.sentence,
    sourceUrl: rule.sourceUrl,
    sourceTitle: rule.sourceTitle,
    lastCheckedOn: rule.lastCheckedOn,
  };
}
