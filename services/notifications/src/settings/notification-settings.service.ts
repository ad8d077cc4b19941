import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  LOCKED_CHANNEL_MESSAGE,
  LOCKED_CHANNELS,
  NOTIFICATION_SETTING_KINDS,
  type ChannelChoice,
  type GetNotificationSettingsRequest,
  type NotificationSettingKind,
  type NotificationSettingsDto,
  type UnsubscribeRequest,
  type UnsubscribedDto,
  type UpdateNotificationSettingsRequest,
} from '@souvenir/contracts';
import { DomainError } from '@souvenir/platform';
import { NotificationsConfig } from '../config/notifications.config';
import { HeldMail } from './held-mail';
import { NotificationSettingsRepository, type StoredSettings } from './notification-settings.repository';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const INVALID_LINK = 'This unsubscribe link is not valid';

/** Each person's choices of what they hear about, by bell and by e-mail; locked channels always stay on. */
@Injectable()
export class NotificationSettingsService {
  constructor(
    private readonly config: NotificationsConfig,
    private readonly settings: NotificationSettingsRepository,
    private readonly held: HeldMail,
  ) {}

  async get(request: GetNotificationSettingsRequest): Promise<NotificationSettingsDto> {
    return toDto(await this.settings.get(request.actorId));
  }

  async update(request: UpdateNotificationSettingsRequest): Promise<NotificationSettingsDto> {
    const kinds: Partial<Record<NotificationSettingKind, ChannelChoice>> = {};
    for (const kind of NOTIFICATION_SETTING_KINDS) {
      const choice = request.kinds[kind];
      if (!choice) continue;
      if (LOCKED_CHANNELS[kind]?.some((channel) => !choice[channel]))
        throw new DomainError(ErrorCode.ValidationFailed, LOCKED_CHANNEL_MESSAGE, [
          { field: `kinds.${kind}`, message: LOCKED_CHANNEL_MESSAGE },
        ]);
      kinds[kind] = { inApp: choice.inApp, email: choice.email };
    }
    const quietHours =
      request.quietHours === undefined
        ? undefined
        : request.quietHours && {
            start: request.quietHours.start,
            end: request.quietHours.end,
            timeZone: request.quietHours.timeZone,
          };
    await this.settings.save(request.actorId, { kinds, quietHours, digest: request.digest });
    // Quiet hours taken away: what they were holding goes now rather than at their old end.
    if (request.quietHours === null) await this.held.releaseNow(request.actorId);
    return this.get(request);
  }

  /** The one-click: turns off the e-mail of the token's kind (a locked kind stays on: the link only leads there). */
  async unsubscribe(request: UnsubscribeRequest): Promise<UnsubscribedDto> {
    const target = verifyUnsubscribeToken(this.config.UNSUBSCRIBE_SECRET, request.token);
    if (!target)
      throw new DomainError(ErrorCode.ValidationFailed, INVALID_LINK, [{ field: 'token', message: INVALID_LINK }]);
    if (!LOCKED_CHANNELS[target.kind]?.includes('email')) {
      const current = (await this.settings.get(target.userId)).kinds[target.kind];
      await this.settings.save(target.userId, { kinds: { [target.kind]: { ...current, email: false } } });
    }
    return { kind: target.kind };
  }
}

function toDto(settings: StoredSettings): NotificationSettingsDto {
  return { ...settings, locked: LOCKED_CHANNELS };
}
