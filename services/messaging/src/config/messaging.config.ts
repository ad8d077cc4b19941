import { ServiceConfig } from '@souvenir/platform';

/** messaging needs nothing beyond the common service variables. */
export class MessagingConfig extends ServiceConfig {
  override HTTP_PORT: number = 4004;
}
