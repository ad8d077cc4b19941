import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import {
  CreateProductDto,
  ProductQueryDto,
  RPC,
  type BrowseCategoryCountDto,
  type CategoryDto,
  type CreatedProductDto,
  type ProductDto,
  type ProductListPageDto,
} from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import type { Response } from 'express';
import { jsonText, splitLastMember, withHeart, withHearts } from '../../rpc/serialised-answer';
import { UuidPipe } from '../../rpc/uuid.pipe';
import { ActorId, AuthGuard, OptionalActorId } from '../../session/auth.guard';
import { WriteLimit } from '../../security/write-limits';
import { UnverifiedWrite } from '../../session/unverified-allowance';
import { FavouriteMarker } from '../favourites/favourite-marker';
import { ListingsWrittenAt, NoteListingWrite } from './listing-writes';

@Controller('api')
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly favourites: FavouriteMarker,
  ) {}

  /**
   * One page of active products; the next page's cursor and the total travel in headers (API.md), with whether the
   * total is a lower bound and a search's "Did you mean" suggestion. The page is catalog's JSON of the items as it is
   * (catalog writes every heart empty, and keeps first pages written): only the other members are read from it, and a
   * signed-in caller's hearts are written into the text.
   */
  @Get('products')
  async list(
    @Query() query: ProductQueryDto,
    @OptionalActorId() actorId: string | undefined,
    @ListingsWrittenAt() wroteAt: number | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProductDto[] | string> {
    const json = await this.rpc.sendSerialised(RPC.catalog.listProducts, {
      query: { ...query },
      ...(wroteAt !== undefined ? { wroteAt } : {}),
    });
    const split = splitLastMember<Omit<ProductListPageDto, 'items'>>(json, 'items');
    const page: Omit<ProductListPageDto, 'items'> = split?.rest ?? (JSON.parse(json) as ProductListPageDto);
    res.setHeader('X-Total-Count', String(page.totalCount));
    // Counting stopped at a bound: more than X-Total-Count products match ("1,000+ results").
    if (page.totalIsLowerBound) res.setHeader('X-Total-Is-Lower-Bound', 'true');
    // "Did you mean": URI-encoded, as a header carries only ASCII and the words may not be.
    if (page.suggestion) res.setHeader('X-Search-Suggestion', encodeURIComponent(page.suggestion));
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    if (split && !actorId) return jsonText(res, split.member);
    if (split && Array.isArray(page.itemIds)) {
      const favourited = await this.favourites.favouritedAmong(actorId, page.itemIds);
      const items = withHearts(split.member, page.itemIds, favourited);
      if (items !== undefined) return jsonText(res, items);
    }
    const items = split ? (JSON.parse(split.member) as ProductDto[]) : (page as ProductListPageDto).items;
    return this.favourites.mark(actorId, items);
  }

  @Get('products/:id')
  async get(
    @Param('id', new UuidPipe('Product')) productId: string,
    @OptionalActorId() actorId: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProductDto | string> {
    // The product and the caller's heart are asked for at the same time: one round trip, not two. Catalog names a
    // reserved item's buyer only to its seller and that buyer, so it is told who asks.
    const [product, favourited] = await Promise.all([
      this.rpc.sendSerialised(RPC.catalog.getProduct, { productId, ...(actorId ? { viewerId: actorId } : {}) }),
      this.favourites.favouritedAmong(actorId, [productId]),
    ]);
    const isFavorited = favourited.has(productId);
    const json = withHeart(product, isFavorited);
    if (json !== undefined) return jsonText(res, json);
    return { ...(JSON.parse(product) as ProductDto), isFavorited };
  }

  @Post('products')
  @WriteLimit('listings')
  @UnverifiedWrite()
  @UseGuards(AuthGuard)
  @UseInterceptors(NoteListingWrite)
  async create(
    @ActorId() actorId: string,
    @Body() product: CreateProductDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreatedProductDto> {
    const created = await this.rpc.send(RPC.catalog.createProduct, { actorId, product: { ...product } });
    // A new account past its hourly threshold: the listing is saved but waits, off sale, for support (accepted, not
    // yet created for buyers to see).
    if (created.heldForReview) res.status(202);
    return created;
  }

  /** Owner only (catalog enforces it): the listing leaves browse, search, favourites and counts. */
  @Delete('products/:id')
  @WriteLimit('listings')
  @UseGuards(AuthGuard)
  @UseInterceptors(NoteListingWrite)
  @HttpCode(204)
  async remove(@ActorId() actorId: string, @Param('id', new UuidPipe('Product')) productId: string): Promise<void> {
    await this.rpc.send(RPC.catalog.removeProduct, { actorId, productId });
  }

  @Get('categories')
  categories(): Promise<CategoryDto[]> {
    return this.rpc.send(RPC.catalog.listCategories, {});
  }

  /** The Categories page's cards with their counts, counted by catalog (each the total of its `categories` browse). */
  @Get('categories/browse')
  browseCategories(): Promise<BrowseCategoryCountDto[]> {
    return this.rpc.send(RPC.catalog.countBrowseCategories, {});
  }
}
