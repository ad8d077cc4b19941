import path from 'node:path';
import type { Provider } from '@nestjs/common';
import { S3Client } from '@aws-sdk/client-s3';
import { MediaConfig } from '../config/media.config';
import { FileSystemStorage } from './file-system-storage';
import { MediaStorage } from './media-storage';
import { S3Storage } from './s3-storage';

/** The storage MEDIA_STORAGE names. S3 credentials come from the SDK's default chain (env, IRSA, instance role). */
export const storageProvider: Provider = {
  provide: MediaStorage,
  inject: [MediaConfig],
  useFactory: (config: MediaConfig): MediaStorage =>
    config.MEDIA_STORAGE === 's3'
      ? new S3Storage(
          new S3Client({
            region: config.S3_REGION,
            ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
          }),
          config.S3_BUCKET,
        )
      : new FileSystemStorage(path.resolve(config.MEDIA_DIR)),
};
