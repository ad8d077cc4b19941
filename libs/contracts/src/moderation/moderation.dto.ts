import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { isPlainText } from '../validation/is-plain-text';

/** What can be reported: a person, a listing, a message or a review. */
export const REPORT_SUBJECT_TYPES = ['user', 'product', 'message', 'review'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** The closed set of reasons a report gives, with the words the report dialog and support's queue show. */
export const REPORT_REASONS = {
  'prohibited-item': 'Prohibited item',
  counterfeit: 'Counterfeit',
  'scam-or-outside-payment': 'Scam or payment outside the site',
  harassment: 'Harassment',
  spam: 'Spam',
  other: 'Other',
} as const;
export type ReportReasonCode = keyof typeof REPORT_REASONS;
export const REPORT_REASON_CODES = Object.keys(REPORT_REASONS) as ReportReasonCode[];

/** Support's decisions: close the reports, hide the content, or suspend its owner (which hides the content too). */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_LIMITS = {
  detailsMax: 1000,
  decisionReasonMax: 500,
  appealMax: 1000,
  keywordsMax: 500,
  keywordMax: 60,
} as const;

export const MODERATION_MESSAGES = {
  subjectType: 'Choose what you are reporting: user, product, message or review',
  subjectId: 'Report something that exists',
  reason: 'Choose a reason for your report',
  detailsMax: 'Please keep the details under 1,000 characters',
  plain: 'Text contains invisible or control characters',
  action: 'Choose dismiss, hide or suspend',
  decisionReason: 'Write the reason the reported person will read',
  decisionReasonMax: 'Please keep the reason under 500 characters',
  appeal: 'Tell us why the decision should change',
  appealMax: 'Please keep your appeal under 1,000 characters',
  keywords: 'Give up to 500 keywords of 2 to 60 characters each',
  duplicate: 'You have already reported this, and support has not decided on it yet',
  ownContent: 'You cannot report yourself or your own content',
  supportOnly: 'Only support can moderate reports',
  suspended: 'Your account has been suspended. Contact support if you think this is a mistake.',
} as const;

/** Trims and NFC-normalises human text, Windows line ends as `\n`. */
const Normalized = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim().normalize('NFC') : value,
  );

/** Plain text in which line breaks are allowed (details, reasons, appeals are paragraphs). */
function IsPlainParagraphs(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isPlainParagraphs', validator: { validate: (value) => isPlainText(String(value).replace(/\n/g, '')) } },
    options,
  );
}

/** Paragraphs of plain text from `min` to `max` characters, shown as text (never HTML). */
const Paragraphs =
  (min: number, max: number, required: string, tooLong: string): PropertyDecorator =>
  (target, key) => {
    Normalized()(target, key);
    IsString({ message: required })(target, key);
    MinLength(min, { message: required })(target, key);
    MaxLength(max, { message: tooLong })(target, key);
    IsPlainParagraphs({ message: MODERATION_MESSAGES.plain })(target, key);
  };

/** `POST /api/reports`. */
export class CreateReportDto {
  @IsIn(REPORT_SUBJECT_TYPES, { message: MODERATION_MESSAGES.subjectType }) subjectType!: ReportSubjectType;
  @IsUUID('all', { message: MODERATION_MESSAGES.subjectId }) subjectId!: string;
  @IsIn(REPORT_REASON_CODES, { message: MODERATION_MESSAGES.reason }) reason!: ReportReasonCode;
  @IsOptional()
  @Paragraphs(0, MODERATION_LIMITS.detailsMax, MODERATION_MESSAGES.detailsMax, MODERATION_MESSAGES.detailsMax)
  details?: string;
}

/** `POST /api/support/reports/{id}/decision`. */
export class DecideReportDto {
  @IsIn(MODERATION_ACTIONS, { message: MODERATION_MESSAGES.action }) action!: ModerationAction;
  @Paragraphs(
    1,
    MODERATION_LIMITS.decisionReasonMax,
    MODERATION_MESSAGES.decisionReason,
    MODERATION_MESSAGES.decisionReasonMax,
  )
  reason!: string;
}

/** `POST /api/reports/{id}/appeal`: the reported person answers a decision, once. */
export class AppealDto {
  @Paragraphs(1, MODERATION_LIMITS.appealMax, MODERATION_MESSAGES.appeal, MODERATION_MESSAGES.appealMax)
  message!: string;
}

/** `PUT /api/support/moderation/keywords`: the whole list (case and accents ignored when matching). */
export class KeywordsDto {
  @IsArray({ message: MODERATION_MESSAGES.keywords })
  @ArrayMaxSize(MODERATION_LIMITS.keywordsMax, { message: MODERATION_MESSAGES.keywords })
  @IsString({ each: true, message: MODERATION_MESSAGES.keywords })
  @MinLength(2, { each: true, message: MODERATION_MESSAGES.keywords })
  @MaxLength(MODERATION_LIMITS.keywordMax, { each: true, message: MODERATION_MESSAGES.keywords })
  @ValidateBy(
    {
      name: 'plainKeywords',
      validator: { validate: (v) => Array.isArray(v) && v.every((k) => isPlainText(k) && String(k).trim() !== '') },
    },
    { message: MODERATION_MESSAGES.keywords },
  )
  keywords!: string[];
}

/** A report as its reporter sees it. */
export interface ReportDto {
  id: string;
  subjectType: ReportSubjectType;
  subjectId: string;
  reason: ReportReasonCode;
  details: string | null;
  status: 'open' | 'closed';
  createdAt: string;
}

/** What was reported, as it was when first reported (the content may change or be hidden later). */
export interface ReportedContentDto {
  /** A product's title, a person's name, or the first words of a message or review. */
  title: string;
  /** A product's description, a message's or review's text; null for a person. */
  text: string | null;
  /** The app's path of the content (a product's or profile's page), or null where there is none (a message). */
  link: string | null;
  image: string | null;
}

/** A person's moderation history as support's queue shows it. */
export interface ModerationPersonDto {
  id: string;
  name: string;
  /** When the account was created (its age); null when identity no longer knows the account. */
  memberSince: string | null;
  /** Reports they made before (reporter) or cases about them (subject), whatever their outcome. */
  earlierReports: number;
  /** Decisions that hid their content or suspended them. */
  earlierActions: number;
  /** Orders they bought and sold (paid ones, payments' count); null when payments could not answer just then. */
  orders: { bought: number; sold: number } | null;
  suspended: boolean;
}

/** One report of a case in the queue. */
export interface QueueReportDto {
  id: string;
  reason: ReportReasonCode;
  details: string | null;
  createdAt: string;
  reporter: ModerationPersonDto;
}

/** One subject in support's queue with its open reports (or its appeal). */
export interface ModerationCaseDto {
  /** The report to decide on (`POST /api/support/reports/{id}/decision`): the case's oldest open one. */
  reportId: string;
  subjectType: ReportSubjectType;
  subjectId: string;
  status: 'open' | 'appealed';
  /**
   * `held` when the listing waits because its text matched the prohibited-keywords list; `shield` when the
   * contact-details shield caught the message; `velocity` when a new account listed or wrote to new people far more
   * than usual (none of them has a reporter).
   */
  origin: 'reports' | 'held' | 'shield' | 'velocity';
  content: ReportedContentDto;
  subject: ModerationPersonDto;
  reports: QueueReportDto[];
  /** What the automatic check matched: the keywords that held a listing, or what the shield found in a message. */
  matchedKeywords: string[];
  /** The earlier decision and the appeal against it, when status is `appealed`. */
  appeal: { action: ModerationAction; reason: string; message: string; appealedAt: string } | null;
  queuedAt: string;
}

export interface ModerationQueuePageDto {
  items: ModerationCaseDto[];
  nextCursor: string | null;
}

/** A decision, as support's decide call answers it. */
export interface ModerationDecisionDto {
  id: string;
  reportId: string;
  action: ModerationAction;
  reason: string;
  decidedAt: string;
}

export interface KeywordsListDto {
  keywords: string[];
}
