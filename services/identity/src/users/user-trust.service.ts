import { Injectable, Logger } from '@nestjs/common';
import { EVENTS, type RatingChangedEvent, type SellerStandingChangedEvent } from '@souvenir/contracts';
import { Outbox } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import type { UserEntity } from './user.entity';
import { toProfileChangedEvent } from './user.mapper';
import { UsersRepository } from './users.repository';

/**
 * The Verified badge's rule, in one place: an active payout account (identity checked by the payment
 * provider) and at least one completed sale (an order refunded after a claim never completes). A restricted account
 * loses it.
 */
export function isVerifiedBy(standing: Pick<UserEntity, 'payoutsActive' | 'completedSales'>): boolean {
  return standing.payoutsActive && standing.completedSales > 0;
}

/**
 * Applies what other services know about a user's trustworthiness: payments' seller standing (which decides
 * `isVerified`, identity's fact) and reviews' rating (a copy, so the profile is one request to identity). Each keeps
 * the newest version; replays and reorderings change nothing.
 */
@Injectable()
export class UserTrustService {
  private readonly logger = new Logger(UserTrustService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly outbox: Outbox,
  ) {}

  /** A badge that flips bumps the profile's version and is announced like any profile change, for the read models. */
  async applyStanding(event: SellerStandingChangedEvent, manager: EntityManager): Promise<void> {
    const user = await this.users.findForUpdate(manager, event.sellerId);
    if (!user) return this.unknown('standing', event.sellerId);
    if (user.standingVersion >= event.version) return;
    const wasVerified = user.isVerified;
    Object.assign(user, {
      payoutsActive: event.payoutsActive,
      completedSales: event.completedSales,
      standingVersion: event.version,
    });
    user.isVerified = isVerifiedBy(user);
    if (user.isVerified !== wasVerified) user.version += 1;
    await this.users.save(manager, user);
    if (user.isVerified !== wasVerified) {
      await this.outbox.add(manager, EVENTS.identity.userUpdated, toProfileChangedEvent(user));
    }
  }

  /** The rating is not part of the profile events: catalog and the others take it from reviews directly. */
  async applyRating(event: RatingChangedEvent, manager: EntityManager): Promise<void> {
    const user = await this.users.findForUpdate(manager, event.userId);
    if (!user) return this.unknown('rating', event.userId);
    if (user.ratingVersion >= event.version) return;
    Object.assign(user, {
      ratingAverage: event.average === null ? null : event.average.toFixed(2),
      ratingCount: event.count,
      ratingVersion: event.version,
    });
    await this.users.save(manager, user);
  }

  /** Both events name users identity created; one it does not know was deleted, and there is nothing to keep. */
  private unknown(what: string, userId: string): void {
    this.logger.warn({ msg: `${what} of an unknown user ignored`, userId });
  }
}
