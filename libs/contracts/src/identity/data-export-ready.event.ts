import { IsDateString, IsEmail, IsString, IsUUID } from 'class-validator';

/** A person's data archive can be downloaded until `expiresAt`: notifications rings the bell and sends the mail. */
export class DataExportReadyEvent {
  @IsUUID('all') exportId!: string;
  @IsUUID('all') userId!: string;
  @IsEmail() email!: string;
  @IsString() firstName!: string;
  @IsDateString() expiresAt!: string;
  @IsDateString() occurredAt!: string;
}
