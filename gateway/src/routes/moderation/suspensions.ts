import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { EVENTS } from '@souvenir/contracts';
import { NATS_CONNECTION } from '@souvenir/platform';
import { SessionIndex } from '../../session/session-index';
import { InboxFreshness } from '../messaging/inbox-freshness';
import { LiveHub } from '../stream/live-hub';

/**
 * A suspended account is signed out everywhere, as a deleted one is: identity refuses its sign-in first, then
 * announces the suspension, and every replica hearing it ends the person's sessions (shared in Redis) and its own
 * live streams. A plain subscription, like the deletions': a replica that is down holds no streams to close, and the
 * sessions are ended by whichever replica hears it.
 */
@Injectable()
export class Suspensions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(Suspensions.name);
  private subscription: Subscription | undefined;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly sessions: SessionIndex,
    private readonly live: LiveHub,
    private readonly inbox: InboxFreshness,
  ) {}

  onModuleInit() {
    this.subscription = this.nc.subscribe(EVENTS.identity.userSuspended, {
      callback: (error, msg) => {
        if (error) return;
        const userId = userIdOf(msg.string());
        if (userId) void this.signOut(userId);
      },
    });
  }

  onModuleDestroy() {
    this.subscription?.unsubscribe();
  }

  async signOut(userId: string): Promise<void> {
    try {
      await this.sessions.revokeAll(userId);
    } catch (error) {
      this.logger.warn({ msg: 'could not end a suspended account’s sessions', userId, error: String(error) });
    }
    this.live.closeUser(userId);
    this.inbox.forget(userId);
  }
}

function userIdOf(json: string): string | null {
  try {
    const { userId } = JSON.parse(json) as { userId?: unknown };
    return typeof userId === 'string' ? userId : null;
  } catch {
    return null;
  }
}
