import './thread-pool'; // first: sizes libuv's pool before anything uses it
import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@souvenir/platform';
import { AppModule, SERVICE_NAME } from './app.module';
import { MediaConfig } from './config/media.config';

const config = loadConfigOrExit(MediaConfig);
void bootstrapService(SERVICE_NAME, AppModule.register(config), config);
