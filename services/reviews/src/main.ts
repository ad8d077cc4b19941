import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { ReviewsConfig } from './config/reviews.config';

const config = loadConfigOrExit(ReviewsConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
