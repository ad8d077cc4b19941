import { Controller, Get, HttpException, Req, Res, UseGuards } from '@nestjs/common';
import { RPC, type LiveEventDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { GatewayConfig } from '../../config/gateway.config';
import { foreignOrigin } from '../../security/same-origin.middleware';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { LiveHub, type LiveStreamCap, pushedEvent } from './live-hub';
import { LiveStream } from './live-stream';

/**
 * `GET /api/stream`: the signed-in person's live events as Server-Sent Events, one stream per tab. Each
 * event carries its id; a reconnect's `Last-Event-ID` gets the missed events replayed by the notifications service,
 * or `event: refetch` when they cannot be.
 */
@Controller('api/stream')
export class StreamController {
  private readonly isForeign: (req: Request) => boolean;

  constructor(
    private readonly rpc: RpcClient,
    private readonly hub: LiveHub,
    config: GatewayConfig,
  ) {
    this.isForeign = foreignOrigin(config);
  }

  @Get()
  @UseGuards(AuthGuard)
  async stream(@ActorId() actorId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    // A page of another site may not read the person's events with their cookie (EventSource withCredentials).
    if (this.isForeign(req)) throw new HttpException({ statusCode: 403, message: 'Cross-site request refused' }, 403);
    if (!this.hub.accepting) throw new HttpException({ statusCode: 503, message: 'Shutting down' }, 503);
    const lastEventId = req.get('last-event-id')?.trim();
    const afterId = lastEventId && /^\d{1,18}$/.test(lastEventId) ? lastEventId : undefined;
    const stream = new LiveStream(res);
    // Joined before the replay is read, so nothing pushed in between is lost (the stream drops what it replayed).
    const joined = this.hub.join(actorId, req.ip ?? req.socket.remoteAddress ?? '', stream);
    if (joined.refused) throw new HttpException({ statusCode: 429, message: REFUSED[joined.refused] }, 429);
    const { leave } = joined;
    req.on('close', leave);
    try {
      const missed = await this.rpc.send(RPC.notifications.listEventsAfter, { actorId, afterId });
      if (!stream.open()) return leave();
      if (afterId === undefined) stream.start({ kind: 'ready' }, missed.lastId);
      else if (missed.refetch) stream.start({ kind: 'refetch' }, missed.lastId);
      else stream.start({ kind: 'replay', events: missed.events.map(toPushed) }, missed.lastId);
    } catch (error) {
      leave();
      throw error;
    }
  }
}

/** Why a stream was refused, said to its person (their browser falls back to polling either way). */
const REFUSED: Record<LiveStreamCap, string> = {
  user: 'Too many live updates open for this account here: close some tabs of this site and reload.',
  address: 'Too many live updates open from your network here: close some tabs of this site and reload.',
};

const toPushed = (event: LiveEventDto) => pushedEvent(BigInt(event.id), JSON.stringify(event));
