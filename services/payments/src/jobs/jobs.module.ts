import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** payments' one pg-boss queue, shared by every folder that schedules or works a job. */
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
