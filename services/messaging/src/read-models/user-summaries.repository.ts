import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { UserSummaryEntity } from './user-summary.entity';

type UserSummary = Omit<UserSummaryEntity, 'updatedAt'>;

@Injectable()
export class UserSummariesRepository {
  constructor(@InjectRepository(UserSummaryEntity) private readonly users: Repository<UserSummaryEntity>) {}

  async findExistingIds(ids: string[]): Promise<Set<string>> {
    const rows = await this.users.find({ select: { id: true }, where: { id: In(ids) } });
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Stores a profile unless the stored one is as new or newer: replayed and reordered events change nothing.
   * One statement, so two deliveries racing each other cannot both win.
   */
  upsertIfNewer(manager: EntityManager, user: UserSummary): Promise<void> {
    return this.upsert(
      manager,
      user,
      `UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
      avatar = EXCLUDED.avatar, version = EXCLUDED.version, updated_at = now() WHERE messaging.users.version < EXCLUDED.version`,
    );
  }

  /** Stores a profile fetched by request (version 0) unless an event got there first. */
  insertIfMissing(user: UserSummary): Promise<void> {
    return this.upsert(this.users.manager, user, 'NOTHING');
  }

  private async upsert(manager: EntityManager, u: UserSummary, onConflict: string): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.users (id, first_name, last_name, avatar, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, now()) ON CONFLICT (id) DO ${onConflict}`,
      [u.id, u.firstName, u.lastName, u.avatar, u.version],
    );
  }
}
