import { Body, Controller, HttpCode, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import {
  AccountTokenDto,
  ChangeEmailDto,
  ChangePasswordDto,
  PasswordResetConfirmDto,
  PasswordResetRequestDto,
  RPC,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { SessionIndex } from '../../session/session-index';
import { AccountLimits } from './account-limits';

/**
 * Password reset, address verification and change, change of password. identity decides
 * and mails (through notifications); the gateway limits the attempts and ends sessions when a password or an address
 * changes hands.
 */
@Controller('api/auth')
export class AccountController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: AccountLimits,
    private readonly sessions: SessionIndex,
  ) {}

  /** 202 whatever the address: identity answers the same, after the same time, for a stranger's and nobody's. */
  @Post('password-reset')
  @HttpCode(202)
  async requestPasswordReset(
    @Body() body: PasswordResetRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.limits.consume('resetPerIp', clientIp(req), res);
    await this.limits.consume('resetPerAddress', body.email.toLowerCase(), res);
    await this.rpc.send(RPC.identity.requestPasswordReset, { email: body.email });
  }

  /** The new password; every session of the account ends, this browser's too if it had one. */
  @Post('password-reset/confirm')
  @HttpCode(204)
  async confirmPasswordReset(
    @Body() body: PasswordResetConfirmDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.limits.consume('tokensPerIp', clientIp(req), res);
    const { userId } = await this.rpc.send(RPC.identity.confirmPasswordReset, {
      token: body.token,
      password: body.password,
    });
    await this.sessions.revokeAll(userId);
  }

  @Post('verify-email')
  @HttpCode(204)
  async verifyEmail(
    @Body() body: AccountTokenDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.limits.consume('tokensPerIp', clientIp(req), res);
    const { userId } = await this.rpc.send(RPC.identity.confirmEmailVerification, { token: body.token });
    if (req.session?.userId === userId) req.session.emailVerified = true;
  }

  @Post('verify-email/resend')
  @UseGuards(AuthGuard)
  @HttpCode(202)
  async resendVerification(@ActorId() actorId: string, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.limits.consume('resendPerUser', actorId, res);
    await this.rpc.send(RPC.identity.resendEmailVerification, { actorId });
  }

  /** Wrong current password: 403. The other sessions end; this one stays. */
  @Put('password')
  @UseGuards(AuthGuard)
  @HttpCode(204)
  async changePassword(
    @ActorId() actorId: string,
    @Body() body: ChangePasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.limits.consume('passwordChecksPerUser', actorId, res);
    await this.rpc.send(RPC.identity.changePassword, {
      actorId,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
    });
    await this.sessions.revokeAll(actorId, req.sessionID);
  }

  /** 202: the new address gets a confirmation link; the address changes only when it is followed. */
  @Put('email')
  @UseGuards(AuthGuard)
  @HttpCode(202)
  async changeEmail(
    @ActorId() actorId: string,
    @Body() body: ChangeEmailDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.limits.consume('passwordChecksPerUser', actorId, res);
    await this.rpc.send(RPC.identity.requestEmailChange, { actorId, password: body.password, email: body.email });
  }

  @Post('email/confirm')
  @HttpCode(204)
  async confirmEmail(
    @Body() body: AccountTokenDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.limits.consume('tokensPerIp', clientIp(req), res);
    const { userId } = await this.rpc.send(RPC.identity.confirmEmailChange, { token: body.token });
    if (req.session?.userId === userId) req.session.emailVerified = true;
  }

  /** The old address takes the account back: whoever moved it may hold a session, so every session ends. */
  @Post('email/undo')
  @HttpCode(204)
  async undoEmailChange(
    @Body() body: AccountTokenDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.limits.consume('tokensPerIp', clientIp(req), res);
    const { userId } = await this.rpc.send(RPC.identity.undoEmailChange, { token: body.token });
    await this.sessions.revokeAll(userId);
  }
}

function clientIp(req: Request): string {
  return req.ip ?? 'unknown';
}
