import { Body, Controller, Delete, Get, HttpCode, Param, Put, UseGuards, UseInterceptors } from '@nestjs/common';
import { RPC, SetAwayDto, type AwayModeDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';
import { NoteListingWrite } from './listing-writes';

/**
 * Away mode (API.md, Turn 3), kept by catalog: `PUT /api/me/away` `{ until, message? }` → 200 with the state,
 * `DELETE /api/me/away` → 204 ("I'm back"), `GET /api/me/away` → the caller's own state with their message.
 * catalog checks the date's range (after today, within 90 days) and answers 400 with a sentence.
 */
@Controller('api/me/away')
@UseGuards(AuthGuard)
export class AwayController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  get(@ActorId() actorId: string): Promise<AwayModeDto> {
    return this.rpc.send(RPC.catalog.getAway, { actorId, userId: actorId });
  }

  @Put()
  @WriteLimit('listings')
  @UseInterceptors(NoteListingWrite)
  @HttpCode(200)
  set(@ActorId() actorId: string, @Body() body: SetAwayDto): Promise<AwayModeDto> {
    return this.rpc.send(RPC.catalog.setAway, { ...body, actorId });
  }

  @Delete()
  @WriteLimit('listings')
  @UseInterceptors(NoteListingWrite)
  @HttpCode(204)
  async end(@ActorId() actorId: string): Promise<void> {
    await this.rpc.send(RPC.catalog.endAway, { actorId });
  }
}

/** `GET /api/users/{id}/away` → `{ until }`: anyone may see that a seller is away and until when (their profile). */
@Controller('api/users')
export class UserAwayController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':id/away')
  get(@Param('id', new UuidPipe('User')) userId: string): Promise<AwayModeDto> {
    return this.rpc.send(RPC.catalog.getAway, { userId });
  }
}
