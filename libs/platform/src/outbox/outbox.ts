import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AfterCommit } from '../database/after-commit';
import type { EventPayload, EventSubject } from '@souvenir/contracts';
import { OutboxEventEntity } from './outbox-event.entity';

/** Records a domain event inside the caller's transaction (the transactional outbox). */
@Injectable()
export class Outbox {
  private wake: () => void = () => undefined;
  /** One function for every transaction, so a transaction that wrote several rows wakes the relay once. */
  private readonly wakeOnce = () => this.wake();

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
    AfterCommit.of(manager.dataSource).run(manager, this.wakeOnce);
  }

  /**
   * Rows were written outside `add` and outside a TypeORM transaction (by a trigger of a single statement): publish
   * them now rather than at the relay's next fallback poll.
   */
  wakeRelay(): void {
    this.wake();
  }

  /**
   * What wakes the relay after a commit that wrote rows: it then publishes at once instead of polling the table
   * several times a second in every service.
   */
  onRowsCommitted(wake: () => void): void {
    this.wake = wake;
  }
}
