import { createHash } from 'node:crypto';
import { PRODUCT_DTO_FIELDS } from '@souvenir/contracts';

/**
 * The shape of the product cards this code stores: a card stored with another shape (before a field was added to
 * ProductDto) counts as not stored, and is fetched from catalog again when shown.
 */
export const CARD_SHAPE = createHash('sha256').update(PRODUCT_DTO_FIELDS.join(',')).digest('hex').slice(0, 16);
