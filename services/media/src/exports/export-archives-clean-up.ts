import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue';
import { ExportArchivesService } from './export-archives.service';

const CLEAN_UP = 'media.delete-expired-data-archives';
const EVERY_QUARTER_HOUR = '*/15 * * * *';

/** A pg-boss schedule deletes the data archives past their expiry (one replica per slot, survives restarts). */
@Injectable()
export class ExportArchivesCleanUp implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly archives: ExportArchivesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.define(CLEAN_UP, { retryLimit: 0, expireInSeconds: 600 });
    await this.jobs.work(CLEAN_UP, async () => void (await this.archives.deleteExpired()));
    await this.jobs.schedule(CLEAN_UP, EVERY_QUARTER_HOUR);
  }
}
