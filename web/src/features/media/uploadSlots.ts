/**
 * Photos sent at once by this page: media takes a few uploads in flight per account (MEDIA_UPLOADS_PER_ACCOUNT) and
 * answers 429 to more, so a seller who drops ten photos has them sent two at a time, the rest waiting their turn.
 */
export const PHOTOS_AT_ONCE = 2;

/** Runs at most `size` tasks at once, the others in the order they were asked for. */
export class UploadSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size = PHOTOS_AT_ONCE) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next task: running stays counted.
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The longest wait the page sits out before sending a refused photo again; past it the refusal is shown. */
export const LONGEST_BUSY_WAIT_MS = 10_000;

/**
 * How long to wait before sending a photo again, or null when the answer is no "try again in a moment": media is busy
 * (503) or the account has its uploads going already (429), with a short Retry-After. A 429 whose wait is longer
 * (the hourly allowance is used up) is a refusal to show.
 */
export function busyWaitMs(status: number, retryAfter: string | null): number | null {
  const seconds = Number(retryAfter);
  const given = retryAfter !== null && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
  if (status === 503) return Math.min(given ?? 1000, LONGEST_BUSY_WAIT_MS);
  if (status === 429 && given !== null && given <= LONGEST_BUSY_WAIT_MS) return given;
  return null;
}
