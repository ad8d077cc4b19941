import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PreparedStatement } from '@souvenir/platform';
import type { DataSource, EntityManager } from 'typeorm';

const HAVE_COMPLETED = new PreparedStatement<{ done: boolean }>(
  'messaging.have-completed',
  `SELECT EXISTS (SELECT 1 FROM messaging.completed_pairs
                   WHERE user_low = least($1::uuid, $2::uuid) AND user_high = greatest($1::uuid, $2::uuid)) AS done`,
);

/**
 * Who completed an order together (the completed-pairs read model, fed by payments' order.changed): between them the
 * contact-details shield is off, since they have met through the site and their buyer protection has run its course.
 */
@Injectable()
export class CompletedPairs {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async haveCompleted(a: string, b: string): Promise<boolean> {
    const [row] = await HAVE_COMPLETED.run(this.dataSource, [a, b]);
    return row!.done;
  }

  /** In the consumer's transaction of the order's change; a pair is recorded once. */
  async record(manager: EntityManager, a: string, b: string, at: string): Promise<void> {
    if (a === b) return;
    await manager.query(
      `INSERT INTO messaging.completed_pairs (user_low, user_high, completed_at)
       VALUES (least($1::uuid, $2::uuid), greatest($1::uuid, $2::uuid), $3) ON CONFLICT DO NOTHING`,
      [a, b, at],
    );
  }
}
