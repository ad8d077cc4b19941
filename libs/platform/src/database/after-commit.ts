import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * Runs work once the transaction of a manager has committed, and never if it rolls back: for effects outside
 * Postgres that must not announce a change that did not happen (waking the outbox relay, pushing a live event).
 * Without a transaction the work runs at once. One TypeORM subscriber per DataSource serves every caller.
 */
export class AfterCommit {
  private static readonly byDataSource = new WeakMap<DataSource, AfterCommit>();
  /** Work per open transaction; a Set, so the same callback queued twice runs once. */
  private readonly pending = new WeakMap<QueryRunner, Set<() => void>>();

  static of(dataSource: DataSource): AfterCommit {
    let afterCommit = AfterCommit.byDataSource.get(dataSource);
    if (!afterCommit) {
      afterCommit = new AfterCommit(dataSource);
      AfterCommit.byDataSource.set(dataSource, afterCommit);
    }
    return afterCommit;
  }

  private constructor(dataSource: DataSource) {
    dataSource.subscribers.push({
      // A nested transaction's savepoint release is not the commit: only the outermost COMMIT, after which the
      // runner is no longer in a transaction.
      afterTransactionCommit: ({ queryRunner }) => {
        if (queryRunner.isTransactionActive) return;
        const work = this.pending.get(queryRunner);
        this.pending.delete(queryRunner);
        for (const run of work ?? []) run();
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
      },
    });
  }

  run(manager: EntityManager, work: () => void): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return work();
    const queued = this.pending.get(runner) ?? new Set();
    queued.add(work);
    this.pending.set(runner, queued);
  }
}
