import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue';
import { UploadsService } from './uploads.service';

const CLEAN_UP = 'media.delete-unused-uploads';
/** Every 15 minutes: an unused upload lives at most MEDIA_UNUSED_HOURS plus a quarter of an hour. */
const EVERY_QUARTER_HOUR = '*/15 * * * *';

/** A pg-boss schedule deletes the uploads no listing used in time (one replica per slot, survives restarts). */
@Injectable()
export class UnusedUploadsCleanUp implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly uploads: UploadsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.define(CLEAN_UP, { retryLimit: 0, expireInSeconds: 600 });
    await this.jobs.work(CLEAN_UP, async () => void (await this.uploads.deleteUnused()));
    await this.jobs.schedule(CLEAN_UP, EVERY_QUARTER_HOUR);
  }
}
