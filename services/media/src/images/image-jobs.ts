import { Injectable } from '@nestjs/common';
import pLimit from 'p-limit';
import { MediaConfig } from '../config/media.config';
import { MediaBusyException } from '../uploads/busy.exception';

/**
 * At most MEDIA_IMAGE_JOBS images are decoded and resized at once, MEDIA_IMAGE_QUEUE more wait their turn, and any
 * further one is refused at once (503, Retry-After) rather than queued without end: decoding is the costly part of
 * an upload (CPU, memory, and libuv's threads, which serving stored files needs too).
 */
@Injectable()
export class ImageJobs {
  private readonly limit: pLimit.Limit;
  private readonly capacity: number;

  constructor(config: MediaConfig) {
    this.limit = pLimit(config.MEDIA_IMAGE_JOBS);
    this.capacity = config.MEDIA_IMAGE_JOBS + config.MEDIA_IMAGE_QUEUE;
  }

  /** Whether a job could be taken now: asked before an upload's body is read, so a refusal costs no bytes. */
  hasRoom(): boolean {
    return this.limit.activeCount + this.limit.pendingCount < this.capacity;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    if (!this.hasRoom()) return Promise.reject(new MediaBusyException());
    return this.limit(job);
  }
}
