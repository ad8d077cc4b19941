import { Type } from 'class-transformer';
import { IsIn, IsPositive, IsString, Matches, Max, MinLength, ValidateIf } from 'class-validator';
import { ServiceConfig, withSessionConfig } from '@souvenir/platform';

/**
 * Media's variables. The session's and the Origin rule's (REDIS_URL: the gateway's session store, read and never
 * written; SESSION_SECRET: the cookie's signature is checked with it; SESSION_ABSOLUTE_HOURS; ALLOWED_ORIGINS;
 * TRUST_PROXY_HOPS) are the gateway's own declarations, shared through libs/platform's `withSessionConfig`, so the
 * two cannot drift apart.
 */
export class MediaConfig extends withSessionConfig(ServiceConfig) {
  /** Health, metrics, and the public routes `POST /api/uploads` and `GET /media/<key>` (the ingress routes both here). */
  override HTTP_PORT: number = 4008;

  /** Uploads per user: `count/seconds`, the gateway's write-limit format (the same Redis counter key). */
  @Matches(/^[1-9]\d{0,8}\/[1-9]\d{0,7}$/, { message: 'WRITE_LIMIT_UPLOADS must be count/seconds, e.g. 60/3600' })
  WRITE_LIMIT_UPLOADS = '60/3600';

  /** Where the processed images are kept: the local file system (default) or S3-compatible object storage. */
  @IsIn(['fs', 's3'])
  MEDIA_STORAGE: 'fs' | 's3' = 'fs';

  /** The folder of the file-system storage (a PersistentVolume in Kubernetes). */
  @IsString()
  MEDIA_DIR = '.data/media';

  /** S3 storage: bucket, region, and an endpoint for S3-compatible servers (MinIO, R2); credentials from the AWS chain. */
  @ValidateIf((c: MediaConfig) => c.MEDIA_STORAGE === 's3')
  @IsString()
  @MinLength(3, { message: 'S3_BUCKET must be set when MEDIA_STORAGE=s3' })
  S3_BUCKET = '';

  @IsString()
  S3_REGION = 'us-east-1';

  @ValidateIf((c: MediaConfig) => c.S3_ENDPOINT !== '')
  @Matches(/^https?:\/\//, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT = '';

  /** An upload no listing names within this many hours is deleted (fractions: tests use seconds). */
  @Type(() => Number)
  @IsPositive()
  @Max(24 * 30)
  MEDIA_UNUSED_HOURS: number = 24;
}
