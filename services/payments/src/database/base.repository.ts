import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

/**
 * The base of every payments repository: it works on the service's connection, or, through `withManager`, inside a
 * transaction that a service opened, so that a service decides what commits together while its repositories alone
 * hold the SQL.
 */
export abstract class BaseRepository {
  constructor(@InjectEntityManager() protected readonly db: EntityManager) {}

  /** The same repository, bound to the caller's transaction (row locks need one); so a subclass takes no other argument. */
  withManager(manager: EntityManager): this {
    const Self = this.constructor as new (db: EntityManager) => this;
    return new Self(manager);
  }

  /** Runs `work` in one transaction, with this repository bound to it. */
  transaction<T>(work: (repository: this, manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction((manager) => work(this.withManager(manager), manager));
  }
}
