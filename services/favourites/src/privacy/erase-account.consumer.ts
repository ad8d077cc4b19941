import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@souvenir/contracts';
import { EventConsumer } from '@souvenir/platform';
import { FavouritesService } from '../favourites/favourites.service';

/** favourites' part of an account deletion: the person's favourites and their seller row (see the README). */
@Injectable()
export class EraseAccountConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly favourites: FavouritesService,
  ) {}

  onApplicationBootstrap() {
    return this.consumer.start({
      [EVENTS.identity.userDeleted]: (event, manager) => this.favourites.eraseUser(event.userId, manager),
    });
  }
}
