import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ErrorCode, LoginDto, MESSAGES, RegisterDto, RPC, USERNAME_PATTERN, type MeDto } from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { RateLimits } from '../../security/rate-limits';
import { signIn, signOut } from '../../session/session';
import { SessionIndex } from '../../session/session-index';
import { signInDevice } from '../../session/sign-in-device';
import { AccountLimits } from './account-limits';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: RateLimits,
    private readonly sessions: SessionIndex,
    private readonly accountLimits: AccountLimits,
  ) {}

  @Get('me')
  async me(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MeDto> {
    const actorId = req.session?.userId;
    if (!actorId) throw new UnauthorizedException(MESSAGES.notSignedIn);
    try {
      return await this.rpc.send(RPC.identity.getMe, { actorId });
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Unauthenticated)
        await signOut(req, res, this.sessions);
      throw error;
    }
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MeDto> {
    const username = body.username.trim();
    if (body.code) await this.accountLimits.consume('codesPerIp', req.ip ?? 'unknown', res);
    const me = await this.limits.login(req, res, username, () => this.verify(username, body.password, body.code, req));
    await signIn(req, me.id, this.sessions);
    return me;
  }

  /** Every account has a plain username: any other is wrong without asking identity (and cannot alias one). */
  private verify(username: string, password: string, code: string | undefined, req: Request): Promise<MeDto> {
    if (!USERNAME_PATTERN.test(username))
      return Promise.reject(new DomainError(ErrorCode.Unauthenticated, MESSAGES.invalidCredentials));
    return this.rpc.send(RPC.identity.verifyCredentials, {
      username,
      password,
      ...(code ? { code } : {}),
      device: signInDevice(req),
    });
  }

  @Post('register')
  async register(
    @Body() body: RegisterDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MeDto> {
    await this.limits.register(req.ip ?? 'unknown', res);
    const me = await this.rpc.send(RPC.identity.register, { ...body, device: signInDevice(req) });
    await signIn(req, me.id, this.sessions);
    return me;
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await signOut(req, res, this.sessions);
  }
}
