import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { isReplicaFailure, openReadPool, readReplicaUrl } from '@souvenir/platform';
import type { Pool } from 'pg';
import { CatalogConfig } from '../config/catalog.config';
import { ProductsRepository } from './products.repository';

/**
 * How long after changing listings a person's lists are read from the primary. Longer than a replica lags in normal
 * running (well under a second) and than a cached first page or total can be old (a minute and a half at most, see
 * ShortLivedCache), so the person sees their own change on every replica of catalog.
 */
export const READ_YOUR_WRITES_MS = 120_000;

/**
 * Where browse, search and sellers' lists read (README "Reads from a replica"): the replica of DATABASE_READ_URL, or
 * the primary when there is none, when the replica fails, or when the viewer changed listings within
 * READ_YOUR_WRITES_MS (the gateway carries the time from their session): their read then also skips the caches that
 * other viewers' reads fill.
 */
@Injectable()
export class ListReads implements OnApplicationShutdown {
  private readonly logger = new Logger(ListReads.name);
  private readonly pool: Pool | null;
  private readonly replica: ProductsRepository | null;

  constructor(
    config: CatalogConfig,
    private readonly primary: ProductsRepository,
  ) {
    const url = readReplicaUrl(config.DATABASE_URL, config.DATABASE_READ_URL);
    // JIT off as on the primary's pool (withoutJit): catalog's statements are short reads.
    this.pool = url ? openReadPool(url, 'catalog', '-c jit=off') : null;
    this.replica = this.pool ? primary.on(this.pool) : null;
  }

  /** The viewer changed listings a moment ago: their lists come from the primary, past the shared caches. */
  ownWritesPending(wroteAt: number | undefined): boolean {
    return wroteAt !== undefined && Date.now() - wroteAt < READ_YOUR_WRITES_MS;
  }

  /** `read` on the replica, or on the primary when asked, when there is no replica or when the replica fails. */
  async run<T>(read: (products: ProductsRepository) => Promise<T>, onPrimary = false): Promise<T> {
    if (onPrimary || !this.replica) return read(this.primary);
    try {
      return await read(this.replica);
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.logger.warn(`read replica failed, reading the primary: ${(error as Error).message}`);
      return read(this.primary);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.end();
  }
}
