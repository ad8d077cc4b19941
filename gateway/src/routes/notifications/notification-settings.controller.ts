import { Body, Controller, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import {
  NotificationSettingsInput,
  RPC,
  UnsubscribeRequest,
  type NotificationSettingsDto,
  type UnsubscribedDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Response } from 'express';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { WriteLimit } from '../../security/write-limits';

/** The caller's notification settings, kept by the notifications service. */
@Controller('api/me/notification-settings')
@UseGuards(AuthGuard)
export class NotificationSettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  get(@ActorId() actorId: string): Promise<NotificationSettingsDto> {
    return this.rpc.send(RPC.notifications.getSettings, { actorId });
  }

  /** The kinds given replace theirs; quiet hours and the digest change when given. */
  @Put()
  @HttpCode(200)
  update(@ActorId() actorId: string, @Body() body: NotificationSettingsInput): Promise<NotificationSettingsDto> {
    return this.rpc.send(RPC.notifications.updateSettings, { ...body, actorId });
  }
}

/**
 * A mail's one-click unsubscribe link (`List-Unsubscribe`, RFC 8058), for anyone holding the mail: the signed token
 * is the whole authorisation, and no session is read. GET never changes anything (link scanners fetch it): it sends
 * the browser to the web app's page, whose button, like a mail client's one-click, POSTs here.
 */
@Controller('api/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly rpc: RpcClient) {}

  /** The token's shape is checked (the global pipe: 400) before it goes anywhere; its signature by the service. */
  @Get(':token')
  page(@Param() { token }: UnsubscribeRequest, @Res() res: Response): void {
    res.redirect(303, `/unsubscribe?token=${encodeURIComponent(token)}`);
  }

  @Post(':token')
  @WriteLimit('unsubscribes')
  @HttpCode(200)
  unsubscribe(@Param() { token }: UnsubscribeRequest): Promise<UnsubscribedDto> {
    return this.rpc.send(RPC.notifications.unsubscribe, { token });
  }
}
