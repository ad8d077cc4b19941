import { Type } from 'class-transformer';
import { IsIn, IsInt, IsPositive, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
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

  /**
   * Image jobs (decoding and resizing) at once. Each holds one of libuv's threads while libvips works, and the same
   * pool reads stored files for `GET /media/<key>`: kept below the pool's size (main.ts sets it) so serving never
   * waits behind decoding.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(16)
  MEDIA_IMAGE_JOBS: number = 2;

  /** Image jobs that may wait for a turn; past them an upload is answered 503 with Retry-After. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1000)
  MEDIA_IMAGE_QUEUE: number = 8;

  /**
   * Bytes of upload bodies held in memory at once, across every upload in flight (MB). An upload that would pass it
   * is answered 503 with Retry-After and its connection closed: abandoned or slow uploads cannot grow the process.
   * At least one whole photo (11 MB). Kept small: bodies let go are only collected after V8 notices that external
   * memory grew, so the process can briefly hold about twice this (bench/README.md, media under attack).
   */
  @Type(() => Number)
  @IsInt()
  @Min(11, { message: 'MEDIA_UPLOAD_BUFFER_MB must hold one whole photo: at least 11' })
  MEDIA_UPLOAD_BUFFER_MB: number = 32;

  /**
   * Uploads one account may have in flight at once on one replica; one more is answered 429 with Retry-After before
   * its body is read. The web app sends at most two photos at a time and sends a refused one again after the wait.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  MEDIA_UPLOADS_PER_ACCOUNT: number = 4;

  /** As MEDIA_UPLOADS_PER_ACCOUNT, per client address (TRUST_PROXY_HOPS says which): several people share one. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10000)
  MEDIA_UPLOADS_PER_IP: number = 16;

  /** An upload whose body sends nothing for this long is answered 408 and dropped (fractions: tests use less). */
  @Type(() => Number)
  @IsPositive()
  @Max(600)
  MEDIA_BODY_IDLE_SECONDS: number = 15;

  /** The longest a request may take to arrive, headers and body (Node's requestTimeout; its default is 5 minutes). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3600)
  MEDIA_REQUEST_SECONDS: number = 120;
}
