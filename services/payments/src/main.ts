import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { PaymentsConfig } from './config/payments.config';

const config = loadConfigOrExit(PaymentsConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
