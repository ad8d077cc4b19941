import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { ReservationsService } from './reservations.service';

/** identity's blocks: catalog's read model of them, and the end of a reservation a block comes between. */
@Injectable()
export class BlockEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly reservations: ReservationsService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.consumer.start({
      [EVENTS.identity.blockChanged]: (event, manager) => this.reservations.applyBlockChange(event, manager),
    });
  }
}
