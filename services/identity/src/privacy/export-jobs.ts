import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ExportJobQueue } from './export-job-queue';
import { EXPORT_JOB, ExportRequestsService } from './export-requests.service';

const EXPIRE = 'identity.data-export.expire';
/** The build's own time limit; a request pending well past it has lost its job (see expireDue). */
const BUILD_LIMIT_SECONDS = 3600;
const EVERY_QUARTER_HOUR = '*/15 * * * *';

/** The export's job (one at a time per replica: each holds a zip stream and its upload) and the expiry schedule. */
@Injectable()
export class ExportJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: ExportJobQueue,
    private readonly exports: ExportRequestsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.define(EXPORT_JOB, { retryLimit: 0, expireInSeconds: BUILD_LIMIT_SECONDS });
    await this.jobs.work<{ exportId: string }>(EXPORT_JOB, (data) => this.exports.build(data.exportId));
    await this.jobs.define(EXPIRE, { retryLimit: 0, expireInSeconds: 600 });
    await this.jobs.work(EXPIRE, async () => void (await this.exports.expireDue()));
    await this.jobs.schedule(EXPIRE, EVERY_QUARTER_HOUR);
  }
}
