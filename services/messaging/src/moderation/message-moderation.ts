import { Controller, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EVENTS,
  RPC,
  type ModerationDecidedEvent,
  type ReportSnapshotDto,
  type ReportSnapshotRequest,
  type RpcRequest,
} from '@souvenir/contracts';
import { DomainError, EventConsumer, RpcHandler } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';

/** What a message hidden by support reads afterwards, for both people (moderation keeps the original). */
export const HIDDEN_MESSAGE_TEXT = 'This message was hidden by support.';

/**
 * A reported message: its recipient (only) may report it, and moderation keeps a copy; support's decision to hide it
 * (or to suspend its author) replaces its words for both people, as an account deletion does.
 */
@Injectable()
export class MessageModeration implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly consumer: EventConsumer,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.moderation.decided]: (event, manager) => this.apply(event, manager),
    });
  }

  async snapshot({ actorId, subjectId }: ReportSnapshotRequest): Promise<ReportSnapshotDto> {
    const [row] = await this.db.query<{ from_user_id: string; content: string }[]>(
      `SELECT from_user_id, content FROM messaging.messages
       WHERE id = $1 AND to_user_id = $2 AND kind = 'user'`,
      [subjectId, actorId],
    );
    if (!row) throw DomainError.notFound('Message');
    return {
      ownerId: row.from_user_id,
      title: row.content.length > 80 ? `${row.content.slice(0, 79)}…` : row.content,
      text: row.content,
      // A conversation is its two people's: support reads the copy kept with the report instead.
      link: null,
      image: null,
    };
  }

  async apply(event: ModerationDecidedEvent, manager: EntityManager): Promise<void> {
    if (event.subjectType !== 'message' || event.action === 'dismiss') return;
    // The recipient of a message the shield caught reads its masked copy: that goes too, and with the words gone
    // there is nothing left for the shield's warning or support's flagged list.
    await manager.query(
      `UPDATE messaging.messages SET content = $2, masked_content = NULL, shield_findings = NULL
        WHERE id = $1 AND (content <> $2 OR masked_content IS NOT NULL)`,
      [event.subjectId, HIDDEN_MESSAGE_TEXT],
    );
  }
}

@Controller()
export class MessageModerationController {
  constructor(private readonly moderation: MessageModeration) {}

  @RpcHandler(RPC.messaging.reportSnapshot)
  snapshot(request: RpcRequest<typeof RPC.messaging.reportSnapshot>) {
    return this.moderation.snapshot(request);
  }
}
