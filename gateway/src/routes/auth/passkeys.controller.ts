import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  AddPasskeyDto,
  ErrorCode,
  PASSKEY_MESSAGES,
  PasskeyLoginDto,
  RemovePasskeyDto,
  RPC,
  type MeDto,
  type PasskeyDto,
  type PasskeyOptionsDto,
} from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { RateLimits } from '../../security/rate-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { signIn } from '../../session/session';
import { SessionIndex } from '../../session/session-index';
import { signInDevice } from '../../session/sign-in-device';
import { AccountLimits } from './account-limits';

type Ceremony = 'register' | 'login';

declare module 'express-session' {
  interface SessionData {
    /** The one open passkey challenge of this browser: used once, by the ceremony it was made for, before it expires. */
    passkeyChallenge?: { ceremony: Ceremony; challenge: string; expiresAt: number; userId?: string };
  }
}

/** As long as the browser is told to wait for the person (identity's options say the same). */
const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/**
 * Passkeys (WebAuthn): identity makes the options, checks the browser's answers and keeps the keys; the gateway keeps
 * each challenge in the session, so an answer counts only in the browser that asked, once, within a few minutes.
 */
@Controller('api/auth/passkeys')
export class PasskeysController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: RateLimits,
    private readonly accountLimits: AccountLimits,
    private readonly sessions: SessionIndex,
  ) {}

  @Get()
  @UseGuards(AuthGuard)
  list(@ActorId() actorId: string): Promise<PasskeyDto[]> {
    return this.rpc.send(RPC.identity.listPasskeys, { actorId });
  }

  @Post('registration-options')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  async registrationOptions(
    @ActorId() actorId: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PasskeyOptionsDto> {
    const options = await this.rpc.send(RPC.identity.passkeyRegistrationOptions, { actorId });
    this.keep(req, res, 'register', options.challenge, actorId);
    return options;
  }

  @Post()
  @UseGuards(AuthGuard)
  async add(@ActorId() actorId: string, @Body() body: AddPasskeyDto, @Req() req: Request): Promise<PasskeyDto> {
    const expectedChallenge = this.take(req, 'register', actorId);
    return this.rpc.send(RPC.identity.addPasskey, { ...body, actorId, expectedChallenge });
  }

  /** The password too, so a session left open cannot take away the owner's way in. */
  @Delete(':id')
  @UseGuards(AuthGuard)
  @HttpCode(204)
  async remove(
    @ActorId() actorId: string,
    @Param('id', new UuidPipe('Passkey')) passkeyId: string,
    @Body() body: RemovePasskeyDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.accountLimits.consume('passwordChecksPerUser', actorId, res);
    await this.rpc.send(RPC.identity.removePasskey, { actorId, passkeyId, password: body.password });
  }

  @Post('login-options')
  @HttpCode(200)
  async loginOptions(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<PasskeyOptionsDto> {
    await this.limits.passkeyOptions(req.ip ?? 'unknown', res);
    const options = await this.rpc.send(RPC.identity.passkeyLoginOptions, {});
    this.keep(req, res, 'login', options.challenge);
    return options;
  }

  /** A passkey sign-in is complete on its own: it is two-step (see docs/architecture.md, "Passkeys"). */
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: PasskeyLoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MeDto> {
    const me = await this.limits.passkeyLogin(req, res, async () => {
      const expectedChallenge = this.take(req, 'login');
      return this.rpc.send(RPC.identity.verifyPasskeyLogin, {
        response: body.response,
        expectedChallenge,
        device: signInDevice(req),
      });
    });
    await signIn(req, me.id, this.sessions);
    return me;
  }

  private keep(req: Request, res: Response, ceremony: Ceremony, challenge: string, userId?: string): void {
    res.setHeader('Cache-Control', 'no-store');
    req.session.passkeyChallenge = {
      ceremony,
      challenge,
      expiresAt: Date.now() + CHALLENGE_LIFETIME_MS,
      ...(userId ? { userId } : {}),
    };
  }

  /** The session's challenge for this ceremony, removed whatever the answer turns out to be. */
  private take(req: Request, ceremony: Ceremony, userId?: string): string {
    const kept = req.session.passkeyChallenge;
    delete req.session.passkeyChallenge;
    if (!kept || kept.ceremony !== ceremony || kept.expiresAt < Date.now() || kept.userId !== userId)
      throw new DomainError(
        ceremony === 'login' ? ErrorCode.Unauthenticated : ErrorCode.ValidationFailed,
        PASSKEY_MESSAGES.expired,
      );
    return kept.challenge;
  }
}
