import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EVENTS, type MessageKind, type ShieldFinding } from '@souvenir/contracts';
import { isoMicros, PreparedStatement } from '@souvenir/platform';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { ConversationKey } from './conversation-cursor';
import { MessageEntity } from './message.entity';

/**
 * What a new message is made of; `kind` is 'user' unless it is an order's or an offer's note, or an away reply. A message the shield caught has what
 * its recipient reads and what was found.
 */
export type NewMessage = Pick<MessageEntity, 'fromUserId' | 'toUserId' | 'productId' | 'content'> &
  Partial<Pick<MessageEntity, 'kind'>> & { shield?: { masked: string; findings: ShieldFinding[] } };

/** A message with its people's names and its product's title, from the read models. */
export interface MessageRow {
  id: string;
  from_user_id: string;
  to_user_id: string;
  product_id: string;
  content: string;
  /** As `Date.toISOString` writes it (milliseconds, UTC): what the answers carry. */
  created_at: string;
  is_read: boolean;
  from_first_name: string | null;
  from_last_name: string | null;
  from_avatar: string | null;
  to_first_name: string | null;
  to_last_name: string | null;
  to_avatar: string | null;
  product_title: string | null;
  kind: 'user' | MessageKind;
  /** What the recipient reads of a message the shield caught (null: the message as written). */
  masked_content: string | null;
  shield_findings: ShieldFinding[] | null;
}

/** The reader's inbox version, read by the statement that read the view (the same on every row; bigint as text). */
interface Versioned {
  inbox_version: string | null;
}

export interface ConversationRow extends MessageRow, Versioned {
  unread_count: number;
  /** The conversation's latest message time with microseconds (isoMicros), for the next page's cursor. */
  last_message_at: string;
}

/** A thread's message, with how many messages the read that answered it has just marked read (the same on every row). */
export interface ThreadRow extends MessageRow, Versioned {
  marked: number;
}

/** The reader's inbox version as a column: an InitPlan, evaluated once per statement from the statement's snapshot. */
const INBOX_VERSION = `(SELECT version FROM messaging.inboxes WHERE user_id = $1) AS inbox_version`;

/**
 * The version of the view in `rows`, read in the view's own snapshot, so the view is exactly that new. An empty view
 * carries no version; it is labelled 0, which is exact for a conversation list (a user with no conversation has no
 * message, so no version) and only costs an empty thread its 304s (it is reloaded on every poll; it is empty).
 */
export function versionOf(rows: Versioned[]): number {
  return rows.length ? Number(rows[0].inbox_version ?? 0) : 0;
}

/** A message's time as `Date.toISOString` writes it: milliseconds, truncated as JS truncates Postgres's microseconds. */
const CREATED_AT_ISO = `to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Joins the read models onto a set of messages `m`; left joins, so a summary still on its way never hides a message.
 * `isRead` is the expression the row's is_read is read from. The time comes as the text the answers carry: parsing
 * it into a Date and writing it back for every row of every view was a share of a view's CPU here.
 */
const withSummaries = (isRead = 'm.is_read') => `
  m.id, m.from_user_id, m.to_user_id, m.product_id, m.content, ${CREATED_AT_ISO} AS created_at, ${isRead} AS is_read,
  fu.first_name AS from_first_name, fu.last_name AS from_last_name, fu.avatar AS from_avatar,
  tu.first_name AS to_first_name, tu.last_name AS to_last_name, tu.avatar AS to_avatar,
  p.title AS product_title, m.kind, m.masked_content, m.shield_findings`;
const WITH_SUMMARIES = withSummaries();
const SUMMARY_JOINS = `
  LEFT JOIN messaging.users fu ON fu.id = m.from_user_id
  LEFT JOIN messaging.users tu ON tu.id = m.to_user_id
  LEFT JOIN messaging.products p ON p.id = m.product_id`;

/** Both directions between two users, optionally about one product (each direction is one index range). */
const BETWEEN = `
  ((m.from_user_id = $1 AND m.to_user_id = $2) OR (m.from_user_id = $2 AND m.to_user_id = $1))
  AND ($3::uuid IS NULL OR m.product_id = $3::uuid)`;

// The three views every open Messages page reloads, as prepared statements (planned once per connection).

/**
 * A page of a user's conversations, newest first, optionally searched: $2 is the lowercased search text or null
 * (matched in the other person's name, the product title and the latest message, as the Messages page did on the
 * client), $3 the page size, $4/$5 the previous page's last key. The search filters the user's own rows read
 * through conversations_user_recent_idx (a user has hundreds of conversations at most, not millions).
 */
const conversationPage = (afterCursor: boolean) => `
  SELECT ${WITH_SUMMARIES}, c.unread_count, ${isoMicros('c.last_message_at')} AS last_message_at, ${INBOX_VERSION}
    FROM messaging.conversations c
    JOIN messaging.messages m ON m.id = c.last_message_id
    ${SUMMARY_JOINS}
    LEFT JOIN messaging.users ou ON ou.id = c.other_user_id
   WHERE c.user_id = $1
     ${afterCursor ? 'AND (c.last_message_at, c.last_message_id) < ($4::timestamptz, $5::uuid)' : ''}
     AND ($2::text IS NULL
          OR strpos(lower(concat_ws(' ', ou.first_name, ou.last_name)), $2) > 0
          OR strpos(lower(p.title), $2) > 0
          OR strpos(lower(CASE WHEN m.to_user_id = $1 THEN coalesce(m.masked_content, m.content) ELSE m.content END), $2) > 0)
   ORDER BY c.last_message_at DESC, c.last_message_id DESC
   LIMIT $3`;
const CONVERSATIONS_FIRST = new PreparedStatement<ConversationRow>('messaging.conversations', conversationPage(false));
const CONVERSATIONS_AFTER = new PreparedStatement<ConversationRow>(
  'messaging.conversations-after',
  conversationPage(true),
);

const READ_THREAD = new PreparedStatement<ThreadRow>(
  'messaging.read-thread',
  `
  WITH marked AS (
    UPDATE messaging.messages SET is_read = true
     WHERE to_user_id = $1 AND from_user_id = $2 AND ($3::uuid IS NULL OR product_id = $3::uuid) AND NOT is_read
    RETURNING id
  )
  SELECT ${withSummaries('(m.is_read OR m.id IN (SELECT id FROM marked))')}, (SELECT count(*)::int FROM marked) AS marked, ${INBOX_VERSION}
    FROM messaging.messages m ${SUMMARY_JOINS}
   WHERE ${BETWEEN} ORDER BY m.created_at ASC, m.id ASC`,
);

/**
 * A message and its `events.messaging.message.sent` outbox row, whose payload (MessageSentEvent in libs/contracts;
 * messaging's tests check it against that class) is built from the stored row. The statement's triggers raise the
 * two inboxes; message.sent is their only announcement (the message-raises-inboxes-quietly migration). The event
 * carries what the recipient may read (the masked text of a message the shield caught): it is their e-mail. A caught
 * message also writes `message.flagged` for support's queue, with the words as written.
 */
const INSERT_ANNOUNCED = new PreparedStatement<MessageRow>(
  'messaging.insert-announced',
  `
  WITH m AS (
    INSERT INTO messaging.messages (from_user_id, to_user_id, product_id, content, kind, masked_content, shield_findings)
    VALUES ($1, $2, $3, $4, $5, $6, $7::text[])
    RETURNING *
  ), announced AS (
    INSERT INTO messaging.outbox_events (id, subject, payload)
    SELECT gen_random_uuid(), '${EVENTS.messaging.messageSent}', jsonb_build_object(
             'messageId', m.id, 'fromUserId', m.from_user_id, 'toUserId', m.to_user_id, 'productId', m.product_id,
             'content', coalesce(m.masked_content, m.content), 'occurredAt', ${CREATED_AT_ISO})
             || CASE WHEN m.kind = 'user' THEN '{}'::jsonb ELSE jsonb_build_object('kind', m.kind) END
      FROM m
  ), flagged AS (
    INSERT INTO messaging.outbox_events (id, subject, payload)
    SELECT gen_random_uuid(), '${EVENTS.messaging.messageFlagged}', jsonb_build_object(
             'messageId', m.id, 'fromUserId', m.from_user_id, 'toUserId', m.to_user_id, 'productId', m.product_id,
             'content', m.content, 'findings', to_jsonb(m.shield_findings), 'occurredAt', ${CREATED_AT_ISO})
      FROM m WHERE m.shield_findings IS NOT NULL
  )
  SELECT ${WITH_SUMMARIES} FROM m ${SUMMARY_JOINS}`,
);

const MAY_REPLY = new PreparedStatement<{ allowed: boolean }>(
  'messaging.may-reply',
  `SELECT EXISTS (SELECT 1 FROM messaging.messages
                   WHERE from_user_id = $2 AND to_user_id = $1 AND product_id = $3)
       OR EXISTS (SELECT 1 FROM messaging.messages
                   WHERE from_user_id = $1 AND to_user_id = $2 AND product_id = $3 AND kind IN ('system', 'offer')) AS allowed`,
);

const COUNT_UNREAD = new PreparedStatement<{ count: number } & Versioned>(
  'messaging.count-unread',
  `SELECT (SELECT count(*)::int FROM messaging.messages WHERE to_user_id = $1 AND NOT is_read) AS count, ${INBOX_VERSION}`,
);

@Injectable()
export class MessagesRepository {
  private readonly dataSource: DataSource;

  constructor(@InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>) {
    this.dataSource = messages.manager.dataSource;
  }

  /**
   * Stores a message and its message.sent event in one statement, and answers the message with its summaries. On
   * its own the statement is atomic with no transaction around it (a person's send, prepared on the pool: half the
   * round trips of a transaction); with `manager` it is part of the caller's transaction (an order's note).
   */
  async insertAnnounced(message: NewMessage, manager?: EntityManager): Promise<MessageRow> {
    const values = [
      message.fromUserId,
      message.toUserId,
      message.productId,
      message.content,
      message.kind ?? 'user',
      message.shield?.masked ?? null,
      message.shield?.findings ?? null,
    ];
    const rows = manager
      ? ((await manager.query(INSERT_ANNOUNCED.text, values)) as MessageRow[])
      : await INSERT_ANNOUNCED.run(this.dataSource, values);
    return rows[0]!;
  }

  /**
   * Whether the seller may write to this person about the product: the person wrote to them about it, or the two
   * have an order or an offer about it (a system or offer note between them, either way). One prepared statement, served by the
   * sender/thread index.
   */
  async mayReply(sellerId: string, personId: string, productId: string): Promise<boolean> {
    const [row] = await MAY_REPLY.run(this.dataSource, [sellerId, personId, productId]);
    return row!.allowed;
  }

  /**
   * A page of the latest message of each (other user, product) pair the user takes part in, newest first, with the
   * user's unread count per pair: the user's rows of `messaging.conversations` (kept by triggers on messages, see the
   * add-conversations migration), read in order through conversations_user_recent_idx, each joined to its latest
   * message by primary key. `limit` is the page size plus one, so the caller knows whether another page follows.
   */
  conversations(
    userId: string,
    page: { limit: number; search: string | null; after?: ConversationKey },
  ): Promise<ConversationRow[]> {
    const values = [userId, page.search, page.limit];
    return page.after
      ? CONVERSATIONS_AFTER.run(this.dataSource, [...values, page.after.lastMessageAt, page.after.lastMessageId])
      : CONVERSATIONS_FIRST.run(this.dataSource, values);
  }

  /**
   * Opens a thread: marks the messages to `userId` from `otherUserId` (optionally about one product) read and
   * answers the messages between the two, oldest first, in one statement (atomic on its own; one round trip
   * instead of a transaction of four, on a request every open thread polls every 5 s). The SELECT sees the rows as
   * they were before the UPDATE (one snapshot), so a row the UPDATE marked is answered as read. The UPDATE's
   * trigger raises both people's inbox versions and writes their inbox-changed events in the same statement.
   */
  readThread(userId: string, otherUserId: string, productId: string | null): Promise<ThreadRow[]> {
    return READ_THREAD.run(this.dataSource, [userId, otherUserId, productId]);
  }

  /** The unread total and the inbox version, from one snapshot (always one row). */
  async countUnread(userId: string): Promise<{ count: number; version: number }> {
    const rows = await COUNT_UNREAD.run(this.dataSource, [userId]);
    return { count: rows[0].count, version: versionOf(rows) };
  }
}
