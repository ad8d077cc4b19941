import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  DeleteAccountDto,
  PAGE_SIZE,
  RPC,
  UpdateProfileDto,
  UserProductsQueryDto,
  type MeDto,
  type ProductDto,
  type TrackRecordDto,
  type UserDto,
} from '@souvenir/contracts';
import type { Request, Response } from 'express';
import { RpcClient } from '@souvenir/platform';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard, OptionalActorId } from '../../session/auth.guard';
import { signOut } from '../../session/session';
import { SessionIndex } from '../../session/session-index';
import { AccountLimits } from '../auth/account-limits';
import { InboxFreshness } from '../messaging/inbox-freshness';
import { LiveHub } from '../stream/live-hub';
import { FavouriteMarker } from '../favourites/favourite-marker';
import { ListingsWrittenAt } from '../catalog/listing-writes';

@Controller('api/users')
export class UsersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly favourites: FavouriteMarker,
    private readonly limits: AccountLimits,
    private readonly sessions: SessionIndex,
    private readonly live: LiveHub,
    private readonly inbox: InboxFreshness,
  ) {}

  @Get(':id')
  getUser(@Param('id', new UuidPipe('User')) userId: string): Promise<UserDto> {
    return this.rpc.send(RPC.identity.getUser, { userId });
  }

  /**
   * The user's track record as a seller: payments' counters, public like the profile. A record with nothing
   * in it may be an unknown user's: identity is asked then (NOT_FOUND → 404).
   */
  @Get(':id/track-record')
  async getTrackRecord(@Param('id', new UuidPipe('User')) sellerId: string): Promise<TrackRecordDto> {
    const record = await this.rpc.send(RPC.payments.getTrackRecord, { sellerId });
    if (record.salesCompleted === 0 && record.ordersClosed === 0) {
      await this.rpc.send(RPC.identity.getUser, { userId: sellerId });
    }
    return record;
  }

  /** Only the user themself; identity enforces it too. */
  @Put(':id')
  @UseGuards(AuthGuard)
  updateUser(
    @Param('id', new UuidPipe('User')) userId: string,
    @ActorId() actorId: string,
    @Body() changes: UpdateProfileDto,
  ): Promise<MeDto> {
    return this.rpc.send(RPC.identity.updateUser, { actorId, userId, changes: { ...changes } });
  }

  /**
   * Deletes the caller's own account (identity refuses another's: 403, and asks for the password, plus a code with
   * two-step sign-in on, even from a live session). 409 with a sentence while an order or money is open. Then every
   * session of the account ends, this one with its cookie, its live streams close, and this replica forgets its inbox.
   */
  @Delete(':id')
  @UseGuards(AuthGuard)
  @HttpCode(204)
  async deleteAccount(
    @Param('id', new UuidPipe('User')) userId: string,
    @ActorId() actorId: string,
    @Body() body: DeleteAccountDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.limits.consume('passwordChecksPerUser', actorId, res);
    await this.rpc.send(RPC.identity.deleteAccount, {
      actorId,
      userId,
      password: body.password,
      ...(body.code !== undefined ? { code: body.code } : {}),
    });
    await this.sessions.revokeAll(actorId);
    await signOut(req, res, this.sessions);
    this.live.closeUser(actorId);
    this.inbox.forget(actorId);
  }

  /**
   * A page of the user's active and sold products (or of one `status`), newest first, as an array like every list;
   * the next page's cursor in `X-Next-Cursor` and the count in `X-Total-Count`, as for `GET /api/products`. An
   * unknown user is 404: when the first page is empty, identity, which owns users, is asked (catalog's sellers are a
   * read model that may not have heard of a user who just registered).
   */
  @Get(':id/products')
  async listProducts(
    @Param('id', new UuidPipe('User')) sellerId: string,
    @Query() query: UserProductsQueryDto,
    @OptionalActorId() actorId: string | undefined,
    @ListingsWrittenAt() wroteAt: number | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProductDto[]> {
    const page = await this.rpc.send(RPC.catalog.listSellerProducts, {
      sellerId,
      ...(wroteAt !== undefined ? { wroteAt } : {}),
      limit: query.limit ?? PAGE_SIZE.default,
      ...(query.status ? { status: query.status } : {}),
      ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
    });
    // Only an empty first page can be an unknown user's: identity is asked then alone (NOT_FOUND → 404), not on every page.
    if (page.items.length === 0 && query.cursor === undefined)
      await this.rpc.send(RPC.identity.getUser, { userId: sellerId });
    res.setHeader('X-Total-Count', String(page.totalCount));
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    return this.favourites.mark(actorId, page.items);
  }
}
