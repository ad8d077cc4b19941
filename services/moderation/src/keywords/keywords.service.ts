import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  MODERATION_MESSAGES,
  type GetKeywordsRequest,
  type KeywordsListDto,
  type PutKeywordsRequest,
} from '@souvenir/contracts';
import { SupportRole } from '@souvenir/platform';
import type { DataSource } from 'typeorm';

/** A keyword as it is stored and matched: trimmed, lower case, NFC. */
export const normalizeKeyword = (keyword: string) => keyword.trim().normalize('NFC').toLowerCase();

/** The prohibited-keywords list, support's to read and replace. */
@Injectable()
export class KeywordsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly supportRole: SupportRole,
  ) {}

  async get({ actorId }: GetKeywordsRequest): Promise<KeywordsListDto> {
    await this.supportRole.require(actorId, MODERATION_MESSAGES.supportOnly);
    return { keywords: await this.list() };
  }

  /** Replaces the whole list in one transaction (what support's form shows is what is stored). */
  async put({ actorId, list }: PutKeywordsRequest): Promise<KeywordsListDto> {
    await this.supportRole.require(actorId, MODERATION_MESSAGES.supportOnly);
    const keywords = [...new Set(list.keywords.map(normalizeKeyword))].filter((k) => k.length >= 2);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM moderation.keywords WHERE NOT (keyword = ANY($1::text[]))`, [keywords]);
      await manager.query(
        `INSERT INTO moderation.keywords (keyword, added_by) SELECT unnest($1::text[]), $2
         ON CONFLICT (keyword) DO NOTHING`,
        [keywords, actorId],
      );
    });
    return { keywords: await this.list() };
  }

  private async list(): Promise<string[]> {
    const rows = await this.dataSource.query<{ keyword: string }[]>(
      `SELECT keyword FROM moderation.keywords ORDER BY keyword`,
    );
    return rows.map((r) => r.keyword);
  }
}
