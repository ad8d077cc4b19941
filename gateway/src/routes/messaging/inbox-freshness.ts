import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { EVENTS, InboxChangedEvent, type InboxView, MessageSentEvent } from '@souvenir/contracts';
import { NATS_CONNECTION, parsePayload } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { jsonText, splitLastMember } from '../../rpc/serialised-answer';

/**
 * How long an answer's ETag stays valid at most, whatever the events say. Inbox versions cover every change to
 * what Messages shows (messages, read marks, names, avatars, titles); this only bounds the effect of an event this
 * gateway missed (it follows them without a durable consumer, and forgets everything on a NATS disconnect). Each
 * user's windows are offset by a hash of their id, so the users' pages do not all reload in the same second.
 */
export const INBOX_REVALIDATE_MS = 5 * 60_000;

/** What this gateway knows of a user's inbox: its latest version (none since it was forgotten), and how often forgotten. */
interface Known {
  version?: number;
  forgets: number;
}
/** Users whose latest inbox version this gateway remembers (~100 bytes each). */
const REMEMBERED_USERS = 100_000;

/**
 * Conditional polling of Messages. An open Messages page asks for the conversation list every 3 s and its thread
 * every 5 s, and the header badge for the unread count, and almost every answer is the same as the last one.
 * Messaging labels each view with the caller's inbox version, which triggers raise on every message sent or read. A
 * read (or a new name, avatar or title) is announced in `inbox.changed` events, whose versions this gateway
 * remembers; a message is announced by its `message.sent` alone, on which this gateway forgets both people's
 * versions (their next polls reload and remember the new one). It remembers versions from answers too, and sends the
 * version as a weak ETag (with `Cache-Control: no-cache`, so browsers revalidate every poll by themselves): a poll
 * whose If-None-Match is the user's current version is answered 304 here, without a call to messaging.
 *
 * Safe against races: a view's version is read in the view's own snapshot, and every change commits a higher
 * version and then announces it, so a remembered version never claims a change the client has not been sent — for
 * longer than the event's trip from the commit (milliseconds), or INBOX_REVALIDATE_MS if the event is lost. The ETag names the
 * user, so a shared browser never revalidates one person's cached inbox as another's. A user's own writes (a send,
 * a thread read that marked messages read) make this gateway forget their versions at once, so the page that made
 * the change reloads on its next request without waiting for the event. An answer that was being read when its
 * user was forgotten (or when everything was) is not remembered: it may have been read before the change, and
 * remembering its older version after the change's event had come would answer 304 to the stale view until the
 * ETag window ends.
 */
@Injectable()
export class InboxFreshness implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(InboxFreshness.name);
  private readonly known = new LRUCache<string, Known>({ max: REMEMBERED_USERS });
  /** Raised whenever everything is forgotten (a NATS disconnect), like a user's `forgets` for one user. */
  private clears = 0;
  private readonly subscriptions: Subscription[] = [];

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  onModuleInit() {
    // A plain subscription sees every JetStream publish of the subject; what it misses while disconnected is
    // covered by forgetting everything on a disconnect (the next poll of each user reloads).
    this.subscriptions.push(
      this.nc.subscribe(EVENTS.messaging.inboxChanged, {
        callback: this.handler(InboxChangedEvent, (event) => this.remember(event.userId, event.version)),
      }),
      this.nc.subscribe(EVENTS.messaging.messageSent, {
        callback: this.handler(MessageSentEvent, (event) => this.forget(event.fromUserId, event.toUserId)),
      }),
    );
    void (async () => {
      for await (const status of this.nc.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'slowConsumer')
          this.forgetEveryone();
      }
    })();
  }

  /** A subscription's callback: each valid event of `type` applied, an invalid one logged and skipped. */
  private handler<T extends object>(type: new () => T, apply: (event: T) => void) {
    return (error: Error | null, msg: Msg) => {
      if (error) return;
      parsePayload(type, msg.json())
        .then(apply)
        .catch(() => this.logger.warn({ msg: 'ignoring an invalid event', subject: msg.subject }));
    };
  }

  /** Versions only grow: a late event or an older answer never lowers what is known. */
  remember(userId: string, version: number): void {
    const known = this.known.get(userId);
    if (known?.version === undefined || version > known.version)
      this.known.set(userId, { version, forgets: known?.forgets ?? 0 });
  }

  /** The caller's own writes: their next polls reload at once, whether or not the event has arrived yet. */
  forget(...userIds: string[]): void {
    for (const userId of userIds) this.known.set(userId, { forgets: (this.known.get(userId)?.forgets ?? 0) + 1 });
  }

  private forgetEveryone(): void {
    this.known.clear();
    this.clears += 1;
  }

  /** Changes whenever the user's version is forgotten: an answer read across a change of it may predate a write. */
  private forgetting(userId: string): string {
    return `${this.clears}.${this.known.get(userId)?.forgets ?? 0}`;
  }

  etag(userId: string, version: number, now = Date.now()): string {
    const window = Math.floor((now + offsetOf(userId)) / INBOX_REVALIDATE_MS);
    return `W/"${userId}.${version}.${window.toString(36)}"`;
  }

  /**
   * Answers a poll of one of the caller's Messages views: 304 when the client already has the current version,
   * otherwise the view from `load` with its ETag (express still answers 304 if that ETag is the one the client sent).
   * `load` may answer the view's JSON as messaging wrote it (the view last), which is then passed on as it is.
   */
  async respond<T>(
    request: Request,
    response: Response,
    userId: string,
    load: () => Promise<InboxView<T> | string>,
  ): Promise<void> {
    response.setHeader('Cache-Control', 'private, no-cache');
    response.setHeader('Vary', 'Cookie');
    const known = this.known.get(userId)?.version;
    if (known !== undefined && matches(request.headers['if-none-match'], this.etag(userId, known))) {
      response.status(304).end();
      return;
    }
    const before = this.forgetting(userId);
    const loaded = await load();
    const written =
      typeof loaded === 'string' ? splitLastMember<Omit<InboxView<T>, 'view'>>(loaded, 'view') : undefined;
    const {
      inboxVersion,
      changedInboxes = [],
      nextCursor,
    } = written?.rest ?? (typeof loaded === 'string' ? (JSON.parse(loaded) as InboxView<T>) : loaded);
    if (this.forgetting(userId) === before) this.remember(userId, inboxVersion);
    this.forget(...changedInboxes);
    response.setHeader('ETag', this.etag(userId, inboxVersion));
    // A 304 keeps the cached answer's headers, this one included (every page of a view changes with the version).
    if (nextCursor) response.setHeader('X-Next-Cursor', nextCursor);
    if (written) response.send(jsonText(response, written.member));
    else response.json(typeof loaded === 'string' ? (JSON.parse(loaded) as InboxView<T>).view : loaded.view);
  }

  onApplicationShutdown() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag);
}

/** A stable offset in [0, INBOX_REVALIDATE_MS) per user (FNV-1a of the id). */
function offsetOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % INBOX_REVALIDATE_MS;
}
