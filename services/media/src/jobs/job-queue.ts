import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ServiceConfig } from '@souvenir/platform';
import { PgBoss, type Job, type QueueOptions } from 'pg-boss';
import type { DataSource } from 'typeorm';

/** pg-boss keeps its tables in a schema of the media service's own, beside `media`. */
export const JOBS_SCHEMA = 'media_jobs';

/**
 * Durable jobs of the media service (pg-boss on its own Postgres schema, as payments and reviews do; the
 * third copy: the next one moves JobQueue into libs/platform): a job survives a crash
 * and runs on one replica at a time. Never in-memory timers.
 */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private readonly boss: PgBoss;
  private started: Promise<PgBoss> | null = null;

  // The DataSource is injected so that the database exists (PlatformModule creates it) before pg-boss connects.
  constructor(config: ServiceConfig, @InjectDataSource() _dataSource: DataSource) {
    this.boss = new PgBoss({
      connectionString: config.DATABASE_URL,
      schema: JOBS_SCHEMA,
      max: 3,
      application_name: 'media-jobs',
    });
    this.boss.on('error', (error: Error) => this.logger.error({ msg: 'job queue error', error: error.message }));
  }

  private start(): Promise<PgBoss> {
    this.started ??= this.boss.start();
    return this.started;
  }

  async define(name: string, options: QueueOptions): Promise<void> {
    const boss = await this.start();
    // Two replicas starting together may both try to create it: the one that loses finds it there.
    await boss.createQueue(name, options).catch(async (error: Error) => {
      if (!(await boss.getQueue(name))) throw error;
    });
  }

  async work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void> {
    await (
      await this.start()
    ).work<T>(name, { pollingIntervalSeconds: 1 }, async (jobs: Job<T>[]) => {
      for (const job of jobs) await handler(job.data);
    });
  }

  /** A cron schedule (UTC), idempotent across restarts and replicas: each slot fires once. */
  async schedule(name: string, cron: string): Promise<void> {
    await (await this.start()).schedule(name, cron, {}, { tz: 'UTC' });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
  }
}
