import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { CatalogConfig } from './config/catalog.config';

const config = loadConfigOrExit(CatalogConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
