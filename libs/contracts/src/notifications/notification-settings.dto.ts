import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/** What a person chooses to hear about, each by bell (`inApp`) and by e-mail. */
export const NOTIFICATION_SETTING_KINDS = [
  'messages',
  'orders',
  'offers',
  'reviews',
  'savedSearches',
  'priceDrops',
  'accountSecurity',
  'marketing',
] as const;
export type NotificationSettingKind = (typeof NOTIFICATION_SETTING_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface ChannelChoice {
  inApp: boolean;
  email: boolean;
}

/**
 * Channels nobody can turn off: security notices, and the mail of an order, its payment and its claims (what the
 * law and the buyer's protection need them to receive). A PUT that turns one off is refused with this sentence.
 */
export const LOCKED_CHANNELS: Readonly<Partial<Record<NotificationSettingKind, readonly NotificationChannel[]>>> = {
  accountSecurity: ['inApp', 'email'],
  orders: ['email'],
};
export const LOCKED_CHANNEL_MESSAGE = 'Account security and order e-mails cannot be turned off';

/** Everything on, except marketing by e-mail (consent to marketing mail is asked for, never assumed). */
export const DEFAULT_NOTIFICATION_KINDS: Readonly<Record<NotificationSettingKind, ChannelChoice>> = {
  messages: { inApp: true, email: true },
  orders: { inApp: true, email: true },
  offers: { inApp: true, email: true },
  reviews: { inApp: true, email: true },
  savedSearches: { inApp: true, email: true },
  priceDrops: { inApp: true, email: true },
  accountSecurity: { inApp: true, email: true },
  marketing: { inApp: true, email: false },
};

export const DIGEST_CHOICES = ['off', 'daily'] as const;
/** `daily`: message e-mails are collected and sent as one e-mail a day instead of one per message. */
export type DigestChoice = (typeof DIGEST_CHOICES)[number];

export const QUIET_HOURS_TIME_MESSAGE = 'Quiet hours must be times like 22:00';
export const TIME_ZONE_MESSAGE = 'Unknown time zone';

export class ChannelChoiceInput implements ChannelChoice {
  @IsDefined({ message: 'Both inApp and email are required for each kind' })
  @IsBoolean({ message: 'inApp must be true or false' })
  inApp!: boolean;
  @IsDefined({ message: 'Both inApp and email are required for each kind' })
  @IsBoolean({ message: 'email must be true or false' })
  email!: boolean;
}

/** The kinds a PUT changes: each one named is given whole; an unknown kind is an unknown field (400). */
export class NotificationKindsInput implements Partial<Record<NotificationSettingKind, ChannelChoice>> {
  @IsOptional() @ValidateNested() @Type(() => ChannelChoiceInput) messages?: ChannelChoiceInput;
  @IsOptional() @ValidateNested() @Type(() => ChannelChoiceInput) orders?: ChannelChoiceInput;
  @IsOptional() @ValidateNested() @Type(() => ChannelChoiceInput) offers?: ChannelChoiceInput;
  @IsOptional() @ValidateNested() @Type(() => ChannelChoiceInput) reviews?: ChannelChoiceInput;
  @IsOptional() @ValidateNested() @Type(() => ChannelChoiceInput) savedSearches?: ChannelChoiceInput;
  @IsOptional() @ValidateNested() @Type(() => ChannelChoiceInput) priceDrops?: ChannelChoiceInput;
  @IsOptional() @ValidateNested() @Type(() => ChannelChoiceInput) accountSecurity?: ChannelChoiceInput;
  @IsOptional() @ValidateNested() @Type(() => ChannelChoiceInput) marketing?: ChannelChoiceInput;
}

/** Non-urgent e-mail is held from `start` to `end` (local times in `timeZone`; `end` before `start` spans midnight). */
export class QuietHoursInput {
  @IsString({ message: QUIET_HOURS_TIME_MESSAGE })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: QUIET_HOURS_TIME_MESSAGE })
  start!: string;
  @IsString({ message: QUIET_HOURS_TIME_MESSAGE })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: QUIET_HOURS_TIME_MESSAGE })
  end!: string;
  @IsString({ message: TIME_ZONE_MESSAGE })
  @MaxLength(64, { message: TIME_ZONE_MESSAGE })
  @IsTimeZone({ message: TIME_ZONE_MESSAGE })
  timeZone!: string;
}

/** `PUT /api/me/notification-settings`: the kinds to change, and quiet hours (null: none) and digest when given. */
export class NotificationSettingsInput {
  @IsDefined({ message: 'kinds is required' })
  @ValidateNested()
  @Type(() => NotificationKindsInput)
  kinds!: NotificationKindsInput;
  @IsOptional() @ValidateNested() @Type(() => QuietHoursInput) quietHours?: QuietHoursInput | null;
  @IsOptional() @IsIn(DIGEST_CHOICES, { message: 'digest must be off or daily' }) digest?: DigestChoice;
}

export interface QuietHours {
  start: string;
  end: string;
  timeZone: string;
}

/** A person's settings: every kind (defaults filled in), and which channels are locked on. */
export interface NotificationSettingsDto {
  kinds: Record<NotificationSettingKind, ChannelChoice>;
  quietHours: QuietHours | null;
  digest: DigestChoice;
  locked: Partial<Record<NotificationSettingKind, readonly NotificationChannel[]>>;
}

export class GetNotificationSettingsRequest {
  @IsUUID('all') actorId!: string;
}

export class UpdateNotificationSettingsRequest extends NotificationSettingsInput {
  @IsUUID('all') actorId!: string;
}

/** The token of a mail's one-click unsubscribe link (it names the person and the kind, signed by the service). */
export class UnsubscribeRequest {
  @IsString({ message: 'This unsubscribe link is not valid' })
  @MaxLength(300, { message: 'This unsubscribe link is not valid' })
  @Matches(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { message: 'This unsubscribe link is not valid' })
  token!: string;
}

/** What a one-click unsubscribe turned off. */
export interface UnsubscribedDto {
  kind: NotificationSettingKind;
}
