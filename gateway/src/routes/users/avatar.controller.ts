import { Body, Controller, Delete, HttpCode, Put, UseGuards } from '@nestjs/common';
import { RPC, SetAvatarDto, type MeDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard } from '../../session/auth.guard';

/**
 * The caller's profile photo: one of their uploads (`POST /api/uploads`), or none (the initials again). Answers Me.
 * Counted against the `uploads` write limit, like the upload itself.
 */
@Controller('api/me/avatar')
export class AvatarController {
  constructor(private readonly rpc: RpcClient) {}

  @Put()
  @WriteLimit('uploads')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  set(@ActorId() actorId: string, @Body() body: SetAvatarDto): Promise<MeDto> {
    return this.rpc.send(RPC.identity.setAvatar, { actorId, avatar: body.avatar });
  }

  @Delete()
  @WriteLimit('uploads')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  remove(@ActorId() actorId: string): Promise<MeDto> {
    return this.rpc.send(RPC.identity.setAvatar, { actorId, avatar: null });
  }
}
