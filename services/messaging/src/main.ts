import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { MessagingConfig } from './config/messaging.config';

const config = loadConfigOrExit(MessagingConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
