import { Injectable } from '@nestjs/common';
import { MediaConfig } from '../config/media.config';

/** One upload's share of the budget: grows with each chunk kept, given back once. */
export interface BudgetClaim {
  /** Counts `bytes` more; false (nothing counted) when the budget cannot hold them. */
  take(bytes: number): boolean;
  release(): void;
}

/**
 * The bytes of upload bodies held in memory, across every upload in flight, bounded by MEDIA_UPLOAD_BUFFER_MB: each
 * upload holds its file until processed, so without a bound many slow or abandoned uploads grow the process without
 * end (the 120 of 9 MB took it past its 1 GiB limit).
 */
@Injectable()
export class UploadMemoryBudget {
  private held = 0;
  private readonly capacity: number;

  constructor(config: MediaConfig) {
    this.capacity = config.MEDIA_UPLOAD_BUFFER_MB * 1024 * 1024;
  }

  /** Bytes held now (tests and the bench read it). */
  get heldBytes(): number {
    return this.held;
  }

  claim(): BudgetClaim {
    let mine = 0;
    let released = false;
    return {
      take: (bytes) => {
        if (released || this.held + bytes > this.capacity) return false;
        mine += bytes;
        this.held += bytes;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.held -= mine;
        mine = 0;
      },
    };
  }
}
