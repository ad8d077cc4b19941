import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** notifications.user_names: first names kept from identity's events (plain SQL by primary key). */
@Injectable()
export class UserNamesRepository {
  /** Keeps the name unless a newer version is already held. */
  async save(manager: EntityManager, user: { userId: string; firstName: string; version: number }): Promise<void> {
    await manager.query(
      `INSERT INTO notifications.user_names (user_id, first_name, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET first_name = excluded.first_name, version = excluded.version
       WHERE notifications.user_names.version < excluded.version`,
      [user.userId, user.firstName, user.version],
    );
  }

  /** The user's first name; undefined when identity's event has not arrived (the sentence then names nobody). */
  async firstName(manager: EntityManager, userId: string): Promise<string | undefined> {
    const [row] = (await manager.query(`SELECT first_name FROM notifications.user_names WHERE user_id = $1`, [
      userId,
    ])) as { first_name: string }[];
    return row?.first_name;
  }
}
