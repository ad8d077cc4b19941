import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ACCOUNT_MESSAGES, type SessionDto } from '@souvenir/contracts';
import type { Request, Response } from 'express';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { signOut } from '../../session/session';
import { SessionIndex } from '../../session/session-index';

/** The signed-in devices of the caller's account: listed, ended one by one or all but this one. */
@Controller('api/auth/sessions')
@UseGuards(AuthGuard)
export class SessionsController {
  constructor(private readonly sessions: SessionIndex) {}

  @Get()
  list(@ActorId() actorId: string, @Req() req: Request): Promise<SessionDto[]> {
    return this.sessions.list(actorId, req.sessionID);
  }

  /** Another person's session, or one already ended, is 404 alike. Ending this one signs this browser out. */
  @Delete(':id')
  @HttpCode(204)
  async revoke(
    @ActorId() actorId: string,
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    if (id === SessionIndex.publicId(req.sessionID)) return signOut(req, res, this.sessions);
    if (!(await this.sessions.revoke(actorId, id))) throw new NotFoundException(ACCOUNT_MESSAGES.sessionNotFound);
  }

  @Post('revoke-others')
  @HttpCode(204)
  revokeOthers(@ActorId() actorId: string, @Req() req: Request): Promise<void> {
    return this.sessions.revokeAll(actorId, req.sessionID);
  }
}
