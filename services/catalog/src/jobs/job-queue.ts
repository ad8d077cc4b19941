import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { jobsSchema, PgBossJobQueue, ServiceConfig } from '@souvenir/platform';
import type { DataSource } from 'typeorm';

export const JOBS_SCHEMA = jobsSchema('catalog');

/** catalog's durable jobs (the platform's pg-boss queue on `catalog_jobs`): reservations' ends, away mode's returns. */
@Injectable()
export class JobQueue extends PgBossJobQueue {
  // The DataSource is injected so that the database exists (PlatformModule creates it) before pg-boss connects.
  constructor(config: ServiceConfig, @InjectDataSource() _dataSource: DataSource) {
    super(config, 'catalog');
  }
}
