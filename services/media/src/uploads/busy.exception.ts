import { HttpException, HttpStatus } from '@nestjs/common';

/** How long a refused upload is told to wait: about one image job's time on a busy replica. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After (ApiErrorsFilter sets the header): media is at one of its bounds, not broken. */
export class MediaBusyException extends HttpException {
  constructor(readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS) {
    super(
      {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        message: 'Photos are busy right now. Please try again in a moment.',
      },
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  }
}
