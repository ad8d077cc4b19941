import { ServiceConfig } from '@souvenir/platform';

export class ModerationConfig extends ServiceConfig {
  override HTTP_PORT: number = 4009;
}
