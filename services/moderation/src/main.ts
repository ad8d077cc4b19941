import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { ModerationConfig } from './config/moderation.config';

const config = loadConfigOrExit(ModerationConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
