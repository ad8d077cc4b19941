import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import type { EntityManager } from 'typeorm';
import { ProductsService } from '../products/products.service';
import { ReservationsService } from '../reservations/reservations.service';
import { SellersRepository } from '../sellers/sellers.repository';

/** catalog's part of an account deletion: the seller's listings and their read-model row (see the README). */
@Injectable()
export class EraseAccountConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly products: ProductsService,
    private readonly sellers: SellersRepository,
    private readonly reservations: ReservationsService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.identity.userDeleted]: (event, manager) => this.erase(event.userId, manager),
    });
  }

  async erase(userId: string, manager: EntityManager): Promise<void> {
    await this.products.removeAllOfDeletedSeller(userId, manager);
    // The items reserved for them are for sale to anyone again.
    await this.reservations.accountDeleted(userId, manager);
    await this.sellers.eraseDeleted(manager, userId);
  }
}
