import { IsUUID, Matches } from 'class-validator';

/** How long an archive can be downloaded after it is ready; then it is deleted. */
export const DATA_EXPORT_VALID_DAYS = 7;

export type DataExportStatus = 'pending' | 'ready' | 'failed' | 'expired';

/** A person's request for their data, as the gateway and the web app see it. */
export interface DataExportDto {
  id: string;
  status: DataExportStatus;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}

export class RequestDataExportRequest {
  @IsUUID('all') actorId!: string;
}

export class LatestDataExportRequest {
  @IsUUID('all') actorId!: string;
}

/** The caller's export, ready and unexpired; anything else (someone else's, unknown, pending, expired) is NOT_FOUND. */
export class GetDataExportRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') exportId!: string;
}

/**
 * Media asks before it stores an archive: the one-time token identity's job sent with the upload must match the
 * pending export's. Media learns whose archive it is; no shared secret between the two processes.
 */
export class AuthorizeExportUploadRequest {
  @IsUUID('all') exportId!: string;
  @Matches(/^[A-Za-z0-9_-]{43}$/) token!: string;
}

export interface ExportUploadGrant {
  userId: string;
  /** When media deletes the archive. */
  expiresAt: string;
}
