import { ServiceConfig } from '@souvenir/platform';

export class AlertsConfig extends ServiceConfig {
  override HTTP_PORT: number = 4010;
}
