import { ServiceConfig } from '@souvenir/platform';

/** catalog needs nothing beyond the common service variables. */
export class CatalogConfig extends ServiceConfig {
  override HTTP_PORT: number = 4002;
}
