import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';

export const RELEASE_HELD_MAIL = 'notifications.release-held-mail';

/**
 * Mail held for someone's quiet hours: the outbox row carries `held_until` (the claim skips it) and a pg-boss job due
 * at that time clears it, so the hold survives restarts and is released by one replica. Releasing twice changes nothing.
 */
@Injectable()
export class HeldMail implements OnApplicationBootstrap {
  private defined: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.define();
    await this.jobs.work<{ userId: string; until: string }>(RELEASE_HELD_MAIL, ({ userId, until }) =>
      this.release(userId, new Date(until)),
    );
  }

  private define(): Promise<void> {
    this.defined ??= this.jobs.define(RELEASE_HELD_MAIL, { retryLimit: 20, retryDelay: 5, retryBackoff: true });
    return this.defined;
  }

  /** In the transaction that queues the held mail: its release exists if and only if the mail does. */
  async scheduleRelease(manager: EntityManager, userId: string, until: Date): Promise<void> {
    await this.define();
    await this.jobs.sendInTransaction(
      manager,
      RELEASE_HELD_MAIL,
      { userId, until: until.toISOString() },
      { startAfter: until },
    );
  }

  /** Everything of the user's held until `until` (or before) becomes due now. */
  async release(userId: string, until: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications.mail_outbox SET held_until = NULL, next_attempt_at = now()
       WHERE user_id = $1 AND held_until IS NOT NULL AND held_until <= $2`,
      [userId, until],
    );
  }

  async releaseNow(userId: string): Promise<void> {
    await this.release(userId, new Date('9999-12-31T00:00:00Z'));
  }
}
