import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENTS } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';
import { toAwayChangedEvent } from './away.mapper';
import { AwayRepository } from './away.repository';

const AWAY_ENDS = 'catalog.away-ends';

/**
 * The seller's return: a pg-boss job due at the start of the return date (UTC), created in the transaction that set
 * the date, so it exists if and only if the date was stored. It ends away mode and publishes the change. Idempotent:
 * it ends only the period it was made for (a seller who changed their dates or came back early has a newer version,
 * and this job does nothing); fetched a moment early, it fails and is retried.
 */
@Injectable()
export class AwayReturn implements OnApplicationBootstrap {
  private readonly logger = new Logger(AwayReturn.name);
  private defined: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly away: AwayRepository,
    private readonly outbox: Outbox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.define();
    await this.jobs.work<{ sellerId: string; version: number }>(AWAY_ENDS, ({ sellerId, version }) =>
      this.end(sellerId, version),
    );
  }

  private define(): Promise<void> {
    this.defined ??= this.jobs.define(AWAY_ENDS, {
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
    });
    return this.defined;
  }

  /** Schedules the return of the period `version`, in the transaction that stored it. */
  async schedule(manager: EntityManager, sellerId: string, version: number, until: string): Promise<void> {
    await this.define();
    await this.jobs.sendInTransaction(
      manager,
      AWAY_ENDS,
      { sellerId, version },
      { startAfter: new Date(`${until}T00:00:00Z`) },
    );
  }

  async end(sellerId: string, version: number): Promise<void> {
    const ended = await this.dataSource.transaction(async (manager) => {
      const row = await this.away.end(manager, sellerId, version);
      if (row) await this.outbox.add(manager, EVENTS.catalog.sellerAwayChanged, toAwayChangedEvent(sellerId, row));
      return row;
    });
    if (ended) return this.logger.log({ msg: 'seller back from away mode', sellerId });
    // pg-boss and Postgres share one clock, but a job may be fetched a moment early: retried until the day has come.
    if (await this.away.isAheadOf(sellerId, version)) throw new Error(`away mode of ${sellerId} has not ended yet`);
  }
}
