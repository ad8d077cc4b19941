import { ServiceConfig } from '@souvenir/platform';

/** identity needs nothing beyond the common service variables. */
export class IdentityConfig extends ServiceConfig {
  override HTTP_PORT: number = 4001;
}
