import { IsUUID } from 'class-validator';
import { PageQueryDto } from '../pagination/page-query.dto';

/** `POST /api/favorites` body. */
export class AddFavoriteDto {
  @IsUUID('all', { message: 'productId must be a product id' })
  productId!: string;
}

/** `GET /api/favorites` query: a page of the caller's favourites, newest first (API.md's `limit` and `cursor`). */
export class FavoritesQueryDto extends PageQueryDto {}
