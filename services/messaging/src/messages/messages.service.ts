import { Injectable } from '@nestjs/common';
import {
  BLOCK_MESSAGES,
  type ConversationDto,
  type CountUnreadRequest,
  type GetThreadRequest,
  type InboxView,
  type ListConversationsRequest,
  type MessageDto,
  type SendMessageRequest,
  type UnreadCountDto,
  VELOCITY_MESSAGES,
} from '@souvenir/contracts';
import { blockBetween, DomainError, Outbox } from '@souvenir/platform';
import { DataSource } from 'typeorm';
import { ReadModelsService } from '../read-models/read-models.service';
import { CompletedPairs } from '../shield/completed-pairs';
import { ContactVelocity } from './contact-velocity';
import { AwayReplies } from './away-replies';
import { shieldMessage } from '../shield/contact-shield';
import { decodeConversationCursor, encodeConversationCursor } from './conversation-cursor';
import { toConversationDto, toMessageDto } from './message.mapper';
import { MessagesRepository, versionOf } from './messages.repository';

/**
 * Who may write to whom, and the conversation views. Every rule is checked here, whatever the gateway did.
 * Each view comes with the caller's inbox version as of the view's snapshot; triggers raise the versions whenever a
 * message is sent or read (add-inbox-versions migration). A read is announced by inbox-changed events, a message by
 * its message.sent event alone (message-raises-inboxes-quietly migration).
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly readModels: ReadModelsService,
    private readonly outbox: Outbox,
    private readonly completedPairs: CompletedPairs,
    private readonly dataSource: DataSource,
    private readonly velocity: ContactVelocity,
    private readonly awayReplies: AwayReplies,
  ) {}

  /**
   * A first message about a product goes to its seller; after that the seller may answer whoever wrote to them
   * about it, or bought it (an order note between them: the seller writes to a buyer about the delivery). Sold products can still be discussed (buyer and seller arrange delivery); removed ones cannot.
   */
  async send(request: SendMessageRequest): Promise<MessageDto> {
    if (request.actorId === request.toUserId) throw DomainError.forbidden('You cannot message yourself');
    // The product and the two people are looked up together; their failures still answer in this order: the product
    // first, then an unknown recipient, 404 (API.md), before the rule of who may write to whom could call it forbidden.
    const [productLookup, usersLookup] = await Promise.allSettled([
      this.readModels.ensureProduct(request.productId),
      this.readModels.ensureUsers([request.actorId, request.toUserId]),
    ]);
    const product = settled(productLookup);
    if (product.status === 'removed') throw DomainError.notFound('Product');
    settled(usersLookup);
    if (await this.readModels.isDeleted(request.toUserId)) throw DomainError.notFound('User');
    const toSeller = request.toUserId === product.sellerId;
    const sellerReplying =
      request.actorId === product.sellerId &&
      (await this.messages.mayReply(request.actorId, request.toUserId, request.productId));
    if (!toSeller && !sellerReplying) throw DomainError.forbidden('You can only message the seller of this product');
    // A block stops messages both ways. Only the one who blocked is told so; the other reads a sentence that would be
    // the same whoever blocked (README "Blocking").
    const block = await blockBetween(this.dataSource, 'messaging', request.actorId, request.toUserId);
    if (block !== 'none')
      throw DomainError.forbidden(block === 'other' ? BLOCK_MESSAGES.cannotMessage : BLOCK_MESSAGES.youBlockedMessage);
    // The shield: before the two have completed an order together, the recipient reads contact details masked.
    const shield = (await this.completedPairs.haveCompleted(request.actorId, request.toUserId))
      ? null
      : shieldMessage(request.content);
    const newMessage = {
      fromUserId: request.actorId,
      toUserId: request.toUserId,
      productId: request.productId,
      content: request.content,
      ...(shield ? { shield } : {}),
    };
    // A new account writing to someone new is counted (the velocity rule) in the same transaction as the message.
    const counted = await this.velocity.counts(request.actorId, request.toUserId);
    const sent = counted
      ? await this.dataSource.transaction(async (manager) => {
          const wait = await this.velocity.count(manager, request.actorId, counted);
          // Refused: the count (and the account's queueing event) commit, the message is not written.
          return wait === null ? await this.messages.insertAnnounced(newMessage, manager) : wait;
        })
      : await this.messages.insertAnnounced(newMessage);
    // The statement wrote outbox rows outside a TypeORM transaction: publish them now, not at the next poll.
    this.outbox.wakeRelay();
    if (typeof sent === 'number')
      throw DomainError.slowedDown(VELOCITY_MESSAGES.messagesSlowed(Math.ceil(sent / 60)), sent);
    // Away mode: the recipient's automatic reply, once a day per conversation (after this message, in the thread).
    await this.awayReplies.answer(sent);
    return toMessageDto(sent, request.actorId);
  }

  /**
   * A page of the caller's conversations. An empty page carries no version and is labelled 0 (see versionOf): exact
   * for a user without conversations; an empty search or last page is only reloaded on every poll instead of 304.
   */
  async conversations(request: ListConversationsRequest): Promise<InboxView<ConversationDto[]>> {
    const after = request.cursor ? decodeConversationCursor(request.cursor) : undefined;
    const search = request.search?.trim().toLowerCase() || null;
    const rows = await this.messages.conversations(request.actorId, { limit: request.limit + 1, search, after });
    const page = rows.slice(0, request.limit);
    const last = page.at(-1);
    const inboxVersion = versionOf(rows);
    const view = page.map((row) => toConversationDto(row, request.actorId));
    // The view last (here and below): the gateway reads the other members and passes the view's JSON on as it is.
    if (rows.length <= request.limit || !last) return { inboxVersion, view };
    return {
      inboxVersion,
      nextCursor: encodeConversationCursor({ lastMessageAt: last.last_message_at, lastMessageId: last.id }),
      view,
    };
  }

  /**
   * Opening a thread reads it: the caller's incoming messages in it are marked read by the same statement, whose
   * trigger also writes the inbox-changed events; the relay is woken for them, as a transaction's commit would.
   */
  async thread(request: GetThreadRequest): Promise<InboxView<MessageDto[]>> {
    const rows = await this.messages.readThread(request.actorId, request.otherUserId, request.productId ?? null);
    // A thread with messages names a known user; an empty one may name nobody (404, API.md). Checked only then, in
    // the read model of names (identity is asked once for a user not in it, who is then stored).
    if (!rows.length) await this.readModels.ensureUsers([request.otherUserId]);
    const inboxVersion = versionOf(rows);
    const view = rows.map((row) => toMessageDto(row, request.actorId));
    if (!rows[0]?.marked) return { inboxVersion, view };
    this.outbox.wakeRelay();
    return { inboxVersion, changedInboxes: [request.actorId, request.otherUserId], view };
  }

  async countUnread(request: CountUnreadRequest): Promise<InboxView<UnreadCountDto>> {
    const { count, version } = await this.messages.countUnread(request.actorId);
    return { inboxVersion: version, view: { count } };
  }
}

/** The value of a settled promise, or its error thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
