import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { UserProfileChangedEvent } from '@souvenir/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { SellerEntity } from './seller.entity';

type SellerProfile = Omit<SellerEntity, 'updatedAt'>;

@Injectable()
export class SellersRepository {
  constructor(@InjectRepository(SellerEntity) private readonly sellers: Repository<SellerEntity>) {}

  exists(id: string): Promise<boolean> {
    return this.sellers.exists({ where: { id } });
  }

  /**
   * Stores a profile unless the stored one is as new or newer: replayed and reordered events change nothing.
   * One statement, so two deliveries racing each other cannot both win.
   */
  async upsertIfNewer(manager: EntityManager, event: UserProfileChangedEvent): Promise<void> {
    await this.upsert(
      manager,
      {
        id: event.userId,
        username: event.username,
        firstName: event.firstName,
        lastName: event.lastName,
        avatar: event.avatar ?? null,
        location: event.location ?? null,
        isVerified: event.isVerified,
        version: event.version,
      },
      'WHERE catalog.sellers.version < EXCLUDED.version',
    );
  }

  /** Stores a profile fetched by request (version 0) unless an event got there first. */
  async insertIfMissing(profile: SellerProfile): Promise<void> {
    await this.upsert(this.sellers.manager, profile, null);
  }

  private async upsert(manager: EntityManager, s: SellerProfile, onNewer: string | null): Promise<void> {
    await manager.query(
      `INSERT INTO catalog.sellers (id, username, first_name, last_name, avatar, location, is_verified, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
       ON CONFLICT (id) DO ${
         onNewer === null
           ? 'NOTHING'
           : `UPDATE SET
         username = EXCLUDED.username, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         avatar = EXCLUDED.avatar, location = EXCLUDED.location, is_verified = EXCLUDED.is_verified,
         version = EXCLUDED.version, updated_at = now() ${onNewer}`
       }`,
      [s.id, s.username, s.firstName, s.lastName, s.avatar, s.location, s.isVerified, s.version],
    );
  }
}
