import { Injectable } from '@nestjs/common';
import { ErrorCode, MESSAGES, RPC, type UserProfileChangedEvent } from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { SellersRepository } from './sellers.repository';

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
   * Makes sure the seller row exists before their first product. When the user's event has not arrived yet,
   * the profile is fetched from identity and stored with version 0, so the first event still overwrites it.
   */
  async ensureSeller(sellerId: string): Promise<void> {
    if (await this.sellers.exists(sellerId)) return;
    const user = await this.rpc.send(RPC.identity.getUser, { userId: sellerId }).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) {
        throw new DomainError(ErrorCode.Unauthenticated, MESSAGES.notSignedIn);
      }
      throw error;
    });
    await this.sellers.insertIfMissing({
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      avatar: user.avatar,
      location: user.location,
      isVerified: user.isVerified,
      version: 0,
    });
  }
}
