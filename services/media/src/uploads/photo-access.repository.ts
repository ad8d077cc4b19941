import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource, EntityManager } from 'typeorm';
import { hashesInImageUrls } from './media-urls';

/** How many photo hashes known to be public this process remembers (each a few dozen bytes). */
const KNOWN_PUBLIC_HASHES = 100_000;

/**
 * The only code that reads or writes `media.photo_access`: which photos are evidence (a listing's receipt or
 * declaration, a claim's photos), recorded from the events that name them. A photo any listing shows is public, and
 * public wins for good (a buyer who attaches a listing's photo to a claim does not hide the listing's photo).
 */
@Injectable()
export class PhotoAccessRepository {
  /**
   * Hashes recorded as public: never private again, so remembering them is always right and spares the hot path
   * (every listing photo served) its query. Evidence and unknown hashes are asked each time: either may change.
   */
  private readonly knownPublic = new LRUCache<string, true>({ max: KNOWN_PUBLIC_HASHES });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(
    manager: EntityManager,
    named: { shown?: readonly string[]; evidence?: readonly string[] },
  ): Promise<void> {
    const shown = hashesInImageUrls(named.shown ?? []);
    const evidence = hashesInImageUrls(named.evidence ?? []).filter((hash) => !shown.includes(hash));
    if (shown.length) {
      await manager.query(
        `INSERT INTO media.photo_access (hash, evidence) SELECT unnest($1::text[]), false
           ON CONFLICT (hash) DO UPDATE SET evidence = false`,
        [shown],
      );
    }
    if (evidence.length) {
      await manager.query(
        `INSERT INTO media.photo_access (hash, evidence) SELECT unnest($1::text[]), true
           ON CONFLICT (hash) DO NOTHING`,
        [evidence],
      );
    }
  }

  async isEvidence(hash: string): Promise<boolean> {
    if (this.knownPublic.has(hash)) return false;
    const rows: { evidence: boolean }[] = await this.dataSource.query(
      `SELECT evidence FROM media.photo_access WHERE hash = $1`,
      [hash],
    );
    if (rows[0]?.evidence === false) this.knownPublic.set(hash, true);
    return rows[0]?.evidence ?? false;
  }
}
