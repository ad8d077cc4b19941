import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsPositive,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  NotEquals,
  ValidateIf,
} from 'class-validator';
import { ServiceConfig } from '@souvenir/platform';

/** The gateway's development secret: media must verify the cookies the gateway signs, so both share the value. */
const DEV_SECRET = 'dev-only-session-secret-change-me-in-production';

export class MediaConfig extends ServiceConfig {
  /** Health, metrics, and the public routes `POST /api/uploads` and `GET /media/<key>` (the ingress routes both here). */
  override HTTP_PORT: number = 4008;

  /** The gateway's session store, read (never written) to know who uploads. */
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** The gateway's SESSION_SECRET: the session cookie's signature is checked with it. */
  @ValidateIf((c: MediaConfig) => c.NODE_ENV === 'production')
  @IsString()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  @NotEquals(DEV_SECRET, { message: 'SESSION_SECRET must be set to a secret value in production' })
  SESSION_SECRET = DEV_SECRET;

  /** The gateway's absolute session lifetime: a session older than this is not accepted here either. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  SESSION_ABSOLUTE_HOURS: number = 24 * 30;

  /** Origins allowed to upload, comma separated; empty means the request's own host (the gateway's rule). */
  @ValidateIf((c: MediaConfig) => c.ALLOWED_ORIGINS !== '')
  @Matches(/^(https?:\/\/[^,\s]+)(,https?:\/\/[^,\s]+)*$/, {
    message: 'ALLOWED_ORIGINS must be comma-separated http(s) origins',
  })
  ALLOWED_ORIGINS = '';

  /** Proxies in front whose X-Forwarded-* headers are trusted (the request's protocol for the Origin check). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10)
  TRUST_PROXY_HOPS: number = 0;

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
