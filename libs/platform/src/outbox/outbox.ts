import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { EventPayload, EventSubject } from '@souvenir/contracts';
import { OutboxEventEntity } from './outbox-event.entity';

/** Records a domain event inside the caller's transaction (the transactional outbox). */
@Injectable()
export class Outbox {
  /** Open transactions that wrote outbox rows: the relay is woken when they commit. */
  private readonly uncommitted = new WeakSet<QueryRunner>();
  private wake: () => void = () => undefined;

  async add<S extends EventSubject>(manager: EntityManager, subject: S, payload: EventPayload<S>): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(OutboxEventEntity)
      .values({ id: randomUUID(), subject, payload: () => ':payload' })
      .setParameter('payload', JSON.stringify(payload))
      .execute();
    this.wakeAfterThisCommit(manager);
  }

  /**
   * The caller's own statement wrote outbox rows (one that writes its change and its event together): the relay
   * is woken when the manager's transaction commits, or at once without one.
   */
  wakeAfterThisCommit(manager: EntityManager): void {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) this.uncommitted.add(runner);
    else this.wake();
  }

  /**
   * Rows were written outside `add` and outside a TypeORM transaction (by a trigger of a single statement): publish
   * them now rather than at the relay's next fallback poll.
   */
  wakeRelay(): void {
    this.wake();
  }

  /**
   * Calls `wake` right after a transaction that wrote outbox rows commits (the relay then publishes at once
   * instead of polling the table several times a second in every service). A nested transaction's savepoint
   * release is not the commit: only the outermost COMMIT, after which the runner is no longer in a transaction.
   */
  wakeAfterCommit(dataSource: DataSource, wake: () => void): void {
    this.wake = wake;
    dataSource.subscribers.push({
      afterTransactionCommit: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive && this.uncommitted.delete(queryRunner)) wake();
      },
    });
  }
}
