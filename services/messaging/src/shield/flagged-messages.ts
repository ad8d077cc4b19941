import { Controller, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  RPC,
  type FlaggedMessagesPage,
  type ListFlaggedMessagesRequest,
  type RpcRequest,
  type ShieldFinding,
} from '@souvenir/contracts';
import { isoMicros, RpcHandler, SupportRole, timeIdCursor } from '@souvenir/platform';
import type { DataSource } from 'typeorm';

const cursor = timeIdCursor('createdAt', 'id');

interface FlaggedRow {
  id: string;
  from_user_id: string;
  to_user_id: string;
  product_id: string;
  content: string;
  masked_content: string;
  shield_findings: ShieldFinding[];
  created_at: string;
}

/**
 * Support reads what the contact-details shield caught, newest first (messages_flagged_recent, a partial index of the
 * flagged rows): the sender's words as written and what the recipient was shown. Members are refused (403).
 */
@Injectable()
export class FlaggedMessages {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly support: SupportRole,
  ) {}

  async list(request: ListFlaggedMessagesRequest): Promise<FlaggedMessagesPage> {
    await this.support.require(request.actorId, 'Only support can read flagged messages');
    const after = request.cursor ? cursor.decode(request.cursor) : null;
    const rows = (await this.dataSource.query(
      `SELECT id, from_user_id, to_user_id, product_id, content, masked_content, shield_findings,
              ${isoMicros('created_at')} AS created_at
         FROM messaging.messages
        WHERE shield_findings IS NOT NULL
          AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC
        LIMIT $1`,
      [request.limit + 1, after?.createdAt ?? null, after?.id ?? null],
    )) as FlaggedRow[];
    const page = rows.slice(0, request.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        fromUserId: row.from_user_id,
        toUserId: row.to_user_id,
        productId: row.product_id,
        content: row.content,
        maskedContent: row.masked_content,
        findings: row.shield_findings,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      ...(rows.length > request.limit && last
        ? { nextCursor: cursor.encode({ createdAt: last.created_at, id: last.id }) }
        : {}),
    };
  }
}

/** messaging's support subject for the shield; the handler only delegates. */
@Controller()
export class FlaggedMessagesController {
  constructor(private readonly flagged: FlaggedMessages) {}

  @RpcHandler(RPC.messaging.listFlaggedMessages)
  list(request: RpcRequest<typeof RPC.messaging.listFlaggedMessages>) {
    return this.flagged.list(request);
  }
}
