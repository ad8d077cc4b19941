import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { applyBlockChange, EventConsumer } from '@souvenir/platform';
import { AwayUsersRepository } from './away-users.repository';
import { ReadModelsService } from './read-models.service';

/**
 * messaging's durable consumers: identity's user and block events and catalog's product and away-mode events feed the
 * read models.
 */
@Injectable()
export class ReadModelEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly readModels: ReadModelsService,
    private readonly awayUsers: AwayUsersRepository,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.identity.userRegistered]: (e, m) => this.readModels.applyProfile(e, m),
      [EVENTS.identity.userUpdated]: (e, m) => this.readModels.applyProfile(e, m),
      [EVENTS.catalog.productListed]: (e, m) => this.readModels.applyProductListed(e, m),
      [EVENTS.catalog.productSold]: (e, m) => this.readModels.applyProductSold(e, m),
      [EVENTS.catalog.productRemoved]: (e, m) => this.readModels.applyProductRemoved(e, m),
      [EVENTS.catalog.productRelisted]: (e, m) => this.readModels.applyProductRelisted(e, m),
      [EVENTS.catalog.productUpdated]: (e, m) => this.readModels.applyProductUpdated(e, m),
      [EVENTS.identity.blockChanged]: (e, m) => applyBlockChange(m, 'messaging', e),
      [EVENTS.catalog.sellerAwayChanged]: (e, m) => this.awayUsers.apply(m, e),
    });
  }
}
