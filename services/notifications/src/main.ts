import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { NotificationsConfig } from './config/notifications.config';

const config = loadConfigOrExit(NotificationsConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
