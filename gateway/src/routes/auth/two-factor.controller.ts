import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  DisableTwoFactorDto,
  RPC,
  TwoFactorCodeDto,
  type RecoveryCodesDto,
  type TwoFactorSetupDto,
  type TwoFactorStatusDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { AccountLimits } from './account-limits';

/**
 * Two-step sign-in with an authenticator app: identity keeps the secret and checks the codes; the gateway limits the
 * attempts per account and per client address.
 */
@Controller('api/auth/2fa')
@UseGuards(AuthGuard)
export class TwoFactorController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: AccountLimits,
  ) {}

  /** Whether it is on and how many recovery codes are left. */
  @Get()
  status(@ActorId() actorId: string): Promise<TwoFactorStatusDto> {
    return this.rpc.send(RPC.identity.twoFactorStatus, { actorId });
  }

  /** A new secret (and its otpauth URL) and recovery codes; nothing changes until `enable` proves the app. */
  @Post('setup')
  @HttpCode(200)
  async setUp(@ActorId() actorId: string, @Res({ passthrough: true }) res: Response): Promise<TwoFactorSetupDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.rpc.send(RPC.identity.setUpTwoFactor, { actorId });
  }

  @Post('enable')
  @HttpCode(204)
  async enable(
    @ActorId() actorId: string,
    @Body() body: TwoFactorCodeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.countCode(actorId, req, res);
    await this.rpc.send(RPC.identity.enableTwoFactor, { actorId, code: body.code });
  }

  /** The password and a code (or a recovery code): a session left open is not enough to turn it off. */
  @Post('disable')
  @HttpCode(204)
  async disable(
    @ActorId() actorId: string,
    @Body() body: DisableTwoFactorDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.countCode(actorId, req, res);
    await this.limits.consume('passwordChecksPerUser', actorId, res);
    await this.rpc.send(RPC.identity.disableTwoFactor, { actorId, password: body.password, code: body.code });
  }

  /** Ten new recovery codes for a code; the old ones stop working. */
  @Post('recovery-codes')
  @HttpCode(200)
  async regenerateRecoveryCodes(
    @ActorId() actorId: string,
    @Body() body: TwoFactorCodeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RecoveryCodesDto> {
    res.setHeader('Cache-Control', 'no-store');
    await this.countCode(actorId, req, res);
    return this.rpc.send(RPC.identity.regenerateRecoveryCodes, { actorId, code: body.code });
  }

  private async countCode(actorId: string, req: Request, res: Response): Promise<void> {
    await this.limits.consume('codesPerIp', req.ip ?? 'unknown', res);
    await this.limits.consume('codesPerUser', actorId, res);
  }
}
