import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { IdentityConfig } from './config/identity.config';

const config = loadConfigOrExit(IdentityConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
