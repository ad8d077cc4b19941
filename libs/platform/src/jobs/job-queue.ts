import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PgBoss, type Db, type Job, type QueueOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';

/** pg-boss keeps a service's jobs in a schema of the service's own, beside its domain schema. */
export const jobsSchema = (service: string) => `${service}_jobs`;

/** Runs pg-boss statements inside a TypeORM transaction, so a job is created if and only if the change commits. */
function inTransaction(manager: EntityManager): Db {
  return { executeSql: async (text, values) => ({ rows: await manager.query(text, values as unknown[]) }) };
}

/**
 * A service's durable jobs and schedules (pg-boss on the service's own Postgres schema): a job survives a crash and
 * runs on one replica at a time; a schedule fires once per slot across replicas. Never in-memory timers. Each service
 * provides it as its own injectable subclass, which names the service.
 */
export class PgBossJobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private readonly boss: PgBoss;
  private started: Promise<PgBoss> | null = null;

  constructor(config: ServiceConfig, service: string) {
    this.boss = new PgBoss({
      connectionString: config.DATABASE_URL,
      schema: jobsSchema(service),
      max: 3,
      application_name: `${service}-jobs`,
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

  /**
   * Creates a job in the caller's transaction: it exists only if that transaction commits. `startAfter`: not before
   * then (a deadline: the job survives restarts and is fetched by one replica once it is due).
   */
  async sendInTransaction(
    manager: EntityManager,
    name: string,
    data: object,
    options: { startAfter?: Date } = {},
  ): Promise<void> {
    await (await this.start()).send(name, data, { ...options, db: inTransaction(manager) });
  }

  /** Whether a job of this queue with this payload is waiting, retrying or running (a sweep's "is anyone on it?"). */
  async hasLiveJob(name: string, data: object): Promise<boolean> {
    const jobs = await (await this.start()).findJobs(name, { data });
    return jobs.some((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active');
  }

  async send(name: string, data: object): Promise<void> {
    await (await this.start()).send(name, data);
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
