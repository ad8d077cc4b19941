import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  Contents,
  CustomsRuleDto,
  CustomsRuleHistoryDto,
  CustomsRuleInputDto,
  CustomsRuleKind,
} from '@souvenir/contracts';
import { queryPool } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';

interface RuleRow {
  id: string;
  country: string;
  contents: Contents;
  kind: CustomsRuleKind;
  sentence: string;
  source_url: string;
  source_title: string;
  last_checked_on: string;
  version: number;
  updated_at: string;
}

const RULE_COLUMNS = `id, country, contents, kind, sentence, source_url, source_title,
       to_char(last_checked_on, 'YYYY-MM-DD') AS last_checked_on, version,
       to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

function toRuleDto(row: RuleRow): CustomsRuleDto {
  return {
    id: row.id,
    country: row.country,
    contents: row.contents,
    kind: row.kind,
    sentence: row.sentence,
    sourceUrl: row.source_url,
    sourceTitle: row.source_title,
    lastCheckedOn: row.last_checked_on,
    version: row.version,
    updatedAt: row.updated_at,
  };
}

/** The one owner of catalog.customs_rules and its versions. */
@Injectable()
export class CustomsRulesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The rules of one country for these contents (the unique key's index). */
  async findFor(country: string, contents: readonly string[]): Promise<CustomsRuleDto[]> {
    const rows = await queryPool<RuleRow & Record<string, unknown>>(
      this.dataSource,
      `SELECT ${RULE_COLUMNS} FROM catalog.customs_rules WHERE country = $1 AND contents = ANY($2::text[])
        ORDER BY contents`,
      [country, contents],
    );
    return rows.map(toRuleDto);
  }

  async findByCountry(country: string): Promise<CustomsRuleDto[]> {
    const rows = await queryPool<RuleRow & Record<string, unknown>>(
      this.dataSource,
      `SELECT ${RULE_COLUMNS} FROM catalog.customs_rules WHERE country = $1 ORDER BY contents`,
      [country],
    );
    return rows.map(toRuleDto);
  }

  async findAll(): Promise<CustomsRuleDto[]> {
    const rows = await queryPool<RuleRow & Record<string, unknown>>(
      this.dataSource,
      `SELECT ${RULE_COLUMNS} FROM catalog.customs_rules ORDER BY country, contents`,
      [],
    );
    return rows.map(toRuleDto);
  }

  /** Every version of a rule, newest first; empty for an unknown rule. */
  async history(ruleId: string): Promise<CustomsRuleHistoryDto[]> {
    const rows = await queryPool<Record<string, unknown>>(
      this.dataSource,
      `SELECT version, kind, sentence, source_url, source_title, to_char(last_checked_on, 'YYYY-MM-DD') AS last_checked_on,
              to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS changed_at, changed_by
         FROM catalog.customs_rule_versions WHERE rule_id = $1 ORDER BY version DESC`,
      [ruleId],
    );
    return rows.map((row) => ({
      version: row.version as number,
      kind: row.kind as CustomsRuleKind,
      sentence: row.sentence as string,
      sourceUrl: row.source_url as string,
      sourceTitle: row.source_title as string,
      lastCheckedOn: row.last_checked_on as string,
      changedAt: row.changed_at as string,
      changedBy: (row.changed_by as string | null) ?? null,
    }));
  }

  /** The rule, its row locked until the caller's transaction ends; null for an unknown id. */
  async lock(manager: EntityManager, ruleId: string): Promise<CustomsRuleDto | null> {
    const [row] = (await manager.query(`SELECT ${RULE_COLUMNS} FROM catalog.customs_rules WHERE id = $1 FOR UPDATE`, [
      ruleId,
    ])) as RuleRow[];
    return row ? toRuleDto(row) : null;
  }

  /** A new rule (version 1); null when the country already has a rule for these contents. */
  async insert(manager: EntityManager, rule: CustomsRuleInputDto, actorId: string): Promise<CustomsRuleDto | null> {
    const [row] = (await manager.query(
      `INSERT INTO catalog.customs_rules
              (country, contents, kind, sentence, source_url, source_title, last_checked_on, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (country, contents) DO NOTHING
       RETURNING ${RULE_COLUMNS}`,
      [
        rule.country,
        rule.contents,
        rule.kind,
        rule.sentence,
        rule.sourceUrl,
        rule.sourceTitle,
        rule.lastCheckedOn,
        actorId,
      ],
    )) as RuleRow[];
    if (!row) return null;
    await this.recordVersion(manager, row.id, actorId);
    return toRuleDto(row);
  }

  /** The next version of a locked rule; its country and contents stay (they are what the rule is about). */
  async update(
    manager: EntityManager,
    ruleId: string,
    rule: CustomsRuleInputDto,
    actorId: string,
  ): Promise<CustomsRuleDto> {
    // TypeORM answers an UPDATE … RETURNING as [rows, affected count].
    const [rows] = (await manager.query(
      `UPDATE catalog.customs_rules
          SET kind = $2, sentence = $3, source_url = $4, source_title = $5, last_checked_on = $6,
              version = version + 1, updated_at = now(), updated_by = $7
        WHERE id = $1
       RETURNING ${RULE_COLUMNS}`,
      [ruleId, rule.kind, rule.sentence, rule.sourceUrl, rule.sourceTitle, rule.lastCheckedOn, actorId],
    )) as [RuleRow[], number];
    await this.recordVersion(manager, ruleId, actorId);
    return toRuleDto(rows[0]);
  }

  private async recordVersion(manager: EntityManager, ruleId: string, actorId: string): Promise<void> {
    await manager.query(
      `INSERT INTO catalog.customs_rule_versions
              (rule_id, version, kind, sentence, source_url, source_title, last_checked_on, changed_at, changed_by)
       SELECT id, version, kind, sentence, source_url, source_title, last_checked_on, updated_at, $2
         FROM catalog.customs_rules WHERE id = $1`,
      [ruleId, actorId],
    );
  }
}
