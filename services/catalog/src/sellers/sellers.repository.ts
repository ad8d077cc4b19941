import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  countryOfLocation,
  type BundleDiscountChangedEvent,
  type RatingChangedEvent,
  type UserProfileChangedEvent,
  DELETED_USER_VERSION,
} from '@souvenir/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { SellerEntity } from './seller.entity';

/** A member as catalog's read model of people knows them. */
export interface Member {
  id: string;
  firstName: string;
  lastName: string;
  deleted: boolean;
}

type SellerProfile = Omit<
  SellerEntity,
  'updatedAt' | 'ratingAverage' | 'ratingCount' | 'ratingVersion' | 'shipsFrom' | 'joinedAt'
> & { joinedAt: string | null };

@Injectable()
export class SellersRepository {
  constructor(@InjectRepository(SellerEntity) private readonly sellers: Repository<SellerEntity>) {}

  exists(id: string): Promise<boolean> {
    return this.sellers.exists({ where: { id } });
  }

  /** The ids among `ids` the read model holds. */
  async findIds(ids: string[]): Promise<{ id: string }[]> {
    return this.sellers.manager.query(`SELECT id FROM catalog.sellers WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** A member's name, and whether their account was deleted ("Deleted user"); null when the read model lacks them. */
  async findMember(id: string): Promise<Member | null> {
    const [row] = await this.sellers.manager.query<Member[]>(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", version = $2 AS deleted
         FROM catalog.sellers WHERE id = $1`,
      [id, DELETED_USER_VERSION],
    );
    return row ?? null;
  }

  /**
   * Stores a seller's bundle discount unless the stored one is as new or newer (payments' version per seller).
   * Answers false when the read model does not hold the seller yet.
   */
  async applyBundleDiscountIfNewer(manager: EntityManager, event: BundleDiscountChangedEvent): Promise<boolean> {
    const [, updated] = (await manager.query(
      `UPDATE catalog.sellers SET bundle_min_items = $2, bundle_percent = $3, bundle_version = $4
        WHERE id = $1 AND bundle_version < $4`,
      [event.sellerId, event.minItems, event.percent, event.version],
    )) as [unknown, number];
    return updated > 0 || (await manager.exists(SellerEntity, { where: { id: event.sellerId } }));
  }

  /**
   * Stores a user's rating unless the stored one is as new or newer (the rating's own version, from reviews).
   * Answers false when the read model does not hold the user yet.
   */
  async applyRatingIfNewer(manager: EntityManager, event: RatingChangedEvent): Promise<boolean> {
    const [, updated] = (await manager.query(
      `UPDATE catalog.sellers SET rating_average = $2, rating_count = $3, rating_version = $4
        WHERE id = $1 AND rating_version < $4`,
      [event.userId, event.average, event.count, event.version],
    )) as [unknown, number];
    return updated > 0 || (await manager.exists(SellerEntity, { where: { id: event.userId } }));
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
        joinedAt: event.createdAt ?? null,
      },
      'WHERE catalog.sellers.version < EXCLUDED.version',
    );
  }

  /**
   * A deleted account: its row reads "Deleted user" with nothing personal left, at a version no profile event can
   * reach, so a late or replayed user event cannot bring the name back. Inserted when missing for the same reason.
   */
  async eraseDeleted(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `INSERT INTO catalog.sellers (id, username, first_name, last_name, avatar, location, ships_from, is_verified, version,
                                    updated_at)
       VALUES ($1, NULL, 'Deleted', 'user', NULL, NULL, NULL, false, $2, now())
       ON CONFLICT (id) DO UPDATE SET username = NULL, first_name = 'Deleted', last_name = 'user', avatar = NULL,
         location = NULL, ships_from = NULL, is_verified = false, version = $2, updated_at = now(),
         away_until = NULL, away_message = NULL`,
      [id, DELETED_USER_VERSION],
    );
  }

  /**
   * Stores profiles fetched by request (version 0) unless an event got there first. The rating is left to reviews'
   * events (rating version 0): none of them can have been applied before the row existed (see SellersService).
   */
  async insertIfMissing(profiles: SellerProfile[]): Promise<void> {
    for (const profile of profiles) await this.upsert(this.sellers.manager, profile, null);
  }

  private async upsert(manager: EntityManager, s: SellerProfile, onNewer: string | null): Promise<void> {
    await manager.query(
      `INSERT INTO catalog.sellers (id, username, first_name, last_name, avatar, location, ships_from, is_verified, version,
                                    joined_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $9, $7, $8, $10, now())
       ON CONFLICT (id) DO ${
         onNewer === null
           ? 'NOTHING'
           : `UPDATE SET
         username = EXCLUDED.username, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         avatar = EXCLUDED.avatar, location = EXCLUDED.location, ships_from = EXCLUDED.ships_from,
         is_verified = EXCLUDED.is_verified, joined_at = coalesce(EXCLUDED.joined_at, catalog.sellers.joined_at),
         version = EXCLUDED.version, updated_at = now() ${onNewer}`
       }`,
      // ships_from: the location's country, kept beside it for browse's "Ships to" filter (migration 1736900000000).
      [
        s.id,
        s.username,
        s.firstName,
        s.lastName,
        s.avatar,
        s.location,
        s.isVerified,
        s.version,
        countryOfLocation(s.location),
        s.joinedAt,
      ],
    );
  }
}
