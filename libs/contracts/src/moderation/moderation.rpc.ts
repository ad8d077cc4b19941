import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { PAGE_SIZE } from '../pagination/page-query.dto';
import { AppealDto, CreateReportDto, DecideReportDto, KeywordsDto, REPORT_SUBJECT_TYPES } from './moderation.dto';

/** A signed-in person reports something, once while support has not decided. */
export class CreateReportRequest extends CreateReportDto {
  @IsUUID('all') actorId!: string;
}

/** Support's queue: one case per reported subject, oldest first (keyset). */
export class ListModerationQueueRequest {
  @IsUUID('all') actorId!: string;
  @IsInt() @Min(1) @Max(PAGE_SIZE.max) limit!: number;
  @IsOptional() @IsString() @MaxLength(200) cursor?: string;
}

/** Support decides on a report's case. */
export class DecideReportRequest extends DecideReportDto {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') reportId!: string;
}

/** The reported person appeals the decision on a report about them, once. */
export class AppealReportRequest extends AppealDto {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') reportId!: string;
}

export class GetKeywordsRequest {
  @IsUUID('all') actorId!: string;
}

export class PutKeywordsRequest {
  @IsUUID('all') actorId!: string;
  @ValidateNested() @Type(() => KeywordsDto) list!: KeywordsDto;
}

/** Asks the owner of reported content what it is, for the report's snapshot and its owner. */
export class ReportSnapshotRequest {
  /** The reporter: a message is reportable by its recipient only. */
  @IsUUID('all') actorId!: string;
  @IsIn(REPORT_SUBJECT_TYPES) subjectType!: string;
  @IsUUID('all') subjectId!: string;
}

/** The snapshot of reported content from its owning service. */
export interface ReportSnapshotDto {
  ownerId: string;
  title: string;
  text: string | null;
  link: string | null;
  image: string | null;
}
