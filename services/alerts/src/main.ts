import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { AlertsConfig } from './config/alerts.config';

const config = loadConfigOrExit(AlertsConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
