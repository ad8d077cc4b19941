import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PgBossJobQueue, ServiceConfig } from '@souvenir/platform';
import type { DataSource } from 'typeorm';

/** identity's durable jobs (the platform's pg-boss queue on `identity_jobs`). */
@Injectable()
export class ExportJobQueue extends PgBossJobQueue {
  // The DataSource is injected so that the database exists (PlatformModule creates it) before pg-boss connects.
  constructor(config: ServiceConfig, @InjectDataSource() _dataSource: DataSource) {
    super(config, 'identity');
  }
}
