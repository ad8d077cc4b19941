import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { MediaConfig } from '../config/media.config';

/** How long a refused upload is told to wait: about one photo's upload and processing. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 2;

/** 429 with Retry-After (ApiErrorsFilter sets the header): the account or address already has its uploads going. */
export class TooManyUploadsException extends HttpException {
  readonly retryAfterSeconds = IN_FLIGHT_RETRY_AFTER_SECONDS;

  constructor() {
    super(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        message: 'Too many photos are uploading at once. The next one starts in a moment.',
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** One upload's place, given back once, whatever ended it. */
export interface InFlightPlace {
  leave(): void;
}

/**
 * The uploads each account, and each client address, has in flight on this process, bounded by
 * MEDIA_UPLOADS_PER_ACCOUNT and MEDIA_UPLOADS_PER_IP. Asked right after the session is read, before the body is
 * read or the allowance counted: a refusal costs one Redis read and a closed connection, so one account opening a
 * hundred uploads (and leaving them half sent) holds a few places of the memory budget, not all of it, and the other
 * sellers' photos still find room.
 */
@Injectable()
export class UploadsInFlight {
  private readonly byAccount = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly config: MediaConfig) {}

  /** Takes a place for `userId` from `address`, or throws TooManyUploadsException (429). */
  enter(userId: string, address: string): InFlightPlace {
    if (
      (this.byAccount.get(userId) ?? 0) >= this.config.MEDIA_UPLOADS_PER_ACCOUNT ||
      (this.byAddress.get(address) ?? 0) >= this.config.MEDIA_UPLOADS_PER_IP
    ) {
      throw new TooManyUploadsException();
    }
    increment(this.byAccount, userId, 1);
    increment(this.byAddress, address, 1);
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        increment(this.byAccount, userId, -1);
        increment(this.byAddress, address, -1);
      },
    };
  }

  /** Uploads in flight on this process (tests read it). */
  get size(): number {
    let total = 0;
    for (const count of this.byAccount.values()) total += count;
    return total;
  }
}

function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
