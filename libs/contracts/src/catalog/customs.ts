import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min, ValidateNested } from 'class-validator';
import { CustomsRuleInputDto, PROVENANCE_DECISIONS, type ProvenanceDecision } from './contents';

// The customs RPC requests; the shared constants and the classes the web app uses are in ./contents.
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ListCustomsRulesRequest {
  @IsUUID('all') actorId!: string;
}

export class SaveCustomsRuleRequest {
  @IsUUID('all') actorId!: string;
  /** Absent: a new rule. */
  @IsOptional() @IsUUID('all') ruleId?: string;
  /** The version the editor saw: a stale edit is refused (409) instead of overwriting someone else's. */
  @IsOptional() @IsInt() @Min(1) expectedVersion?: number;
  @ValidateNested() @Type(() => CustomsRuleInputDto) rule!: CustomsRuleInputDto;
}

export class GetCustomsRuleHistoryRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') ruleId!: string;
}

/** The rules of one seller country (the sell form shows them as the seller ticks contents). Anyone may ask. */
export class ListCountryRulesRequest {
  @Transform(trim) @IsString() @MaxLength(60) country!: string;
}

export class ListProvenanceQueueRequest {
  @IsUUID('all') actorId!: string;
}

export class DecideProvenanceRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') productId!: string;
  @IsIn(PROVENANCE_DECISIONS, { message: 'decision must be approve or reject' }) decision!: ProvenanceDecision;
}
