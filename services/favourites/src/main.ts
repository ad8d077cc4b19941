import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { FavouritesConfig } from './config/favourites.config';

const config = loadConfigOrExit(FavouritesConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
