import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  MESSAGES,
  RPC,
  type BundleDiscountChangedEvent,
  type RatingChangedEvent,
  type UserDto,
  type UserProfileChangedEvent,
} from '@souvenir/contracts';
import { DomainError, fillOnMiss, RpcClient } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { SellersRepository, type Member } from './sellers.repository';

/** Keeps the seller read model: identity's events feed it; a seller unseen so far is fetched once. */
@Injectable()
export class SellersService {
  constructor(
    private readonly sellers: SellersRepository,
    private readonly rpc: RpcClient,
  ) {}

  applyProfile(event: UserProfileChangedEvent, manager: EntityManager): Promise<void> {
    return this.sellers.upsertIfNewer(manager, event);
  }

  /**
   * reviews' rating of a user, newest version wins. Every user reaches this read model through identity's registered
   * event (or a fill below); a rating that comes first fails and is redelivered until the profile is there, so no
   * rating is dropped and rows never hold a rating without a profile.
   */
  async applyRating(event: RatingChangedEvent, manager: EntityManager): Promise<void> {
    if (!(await this.sellers.applyRatingIfNewer(manager, event))) {
      throw new Error(`rating of user ${event.userId} before their profile: retried later`);
    }
  }

  /** payments' bundle discount of a seller, newest version wins; one that comes before the profile is redelivered. */
  async applyBundleDiscount(event: BundleDiscountChangedEvent, manager: EntityManager): Promise<void> {
    if (!(await this.sellers.applyBundleDiscountIfNewer(manager, event))) {
      throw new Error(`bundle discount of seller ${event.sellerId} before their profile: retried later`);
    }
  }

  /**
   * Makes sure the seller row exists before their first product. When the user's event has not arrived yet,
   * the profile is fetched from identity and stored with version 0, so the first event still overwrites it.
   */
  async ensureSeller(sellerId: string): Promise<void> {
    // The caller's own account is gone: their session outlived it.
    if (!(await this.fill(sellerId))) throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
  }

  /**
   * Another member, as the read model holds them (identity is asked once for one it does not hold yet, as for a
   * seller); null when nobody has this id.
   */
  async findMember(userId: string): Promise<Member | null> {
    return (await this.fill(userId)) ? this.sellers.findMember(userId) : null;
  }

  /** Whether the user is in the read model now, fetched from identity if it was not (stored with version 0). */
  private async fill(userId: string): Promise<boolean> {
    const { unknown } = await fillOnMiss([userId], {
      held: (ids) => this.sellers.findIds(ids),
      ask: (ids) => this.rpc.send(RPC.identity.getUsersByIds, { userIds: ids }),
      store: async (users: UserDto[]) => {
        await this.sellers.insertIfMissing(
          users.map((user) => ({
            id: user.id,
            username: user.username,
            firstName: user.firstName,
            lastName: user.lastName,
            avatar: user.avatar,
            location: user.location,
            isVerified: user.isVerified,
            version: 0,
            joinedAt: user.createdAt,
          })),
        );
        return users;
      },
    });
    return unknown.length === 0;
  }
}
