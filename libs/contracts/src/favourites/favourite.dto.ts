import { IsUUID } from 'class-validator';

/** `POST /api/favorites` body. */
export class AddFavoriteDto {
  @IsUUID('all', { message: 'productId must be a product id' })
  productId!: string;
}
