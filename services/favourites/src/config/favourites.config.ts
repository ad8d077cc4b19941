import { ServiceConfig } from '@souvenir/platform';

export class FavouritesConfig extends ServiceConfig {
  override HTTP_PORT: number = 4003;
}
