import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ServiceConfig } from '@souvenir/platform';
import { PgBoss, type Db, type Job, type QueueOptions } from 'pg-boss';
import type { DataSource, EntityManager } from 'typeorm';

/** pg-boss keeps its tables in a schema of the reviews service's own, beside `reviews`. */
export const JOBS_SCHEMA = 'reviews_jobs';

/** Runs pg-boss statements inside a TypeORM transaction, so a job is created if and only if the change commits. */
function inTransaction(manager: EntityManager): Db {
  return { executeSql: async (text, values) => ({ rows: await manager.query(text, values as unknown[]) }) };
}

/**
 * Durable jobs of the reviews service (pg-boss on its own Postgres schema, as payments does): a job survives a crash
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
      application_name: 'reviews-jobs',
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

  /** Creates a job in the caller's transaction, not to run before `startAfter` (a deadline that survives restarts). */
  async sendInTransaction(manager: EntityManager, name: string, data: object, startAfter: Date): Promise<void> {
    await (await this.start()).send(name, data, { startAfter, db: inTransaction(manager) });
  }

  async work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void> {
    await (
      await this.start()
    ).work<T>(name, { pollingIntervalSeconds: 1 }, async (jobs: Job<T>[]) => {
      for (const job of jobs) await handler(job.data);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
  }
}
