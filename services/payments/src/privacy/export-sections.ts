import type { UserExportSql } from '@souvenir/platform';

/**
 * payments's part of a person's data export, one query per section (`userExportPage` pages them by keyset).
 * Orders as buyer or seller; the buyer's contact and addresses only in the buyer's export. Offers made or received
 * name the other party by id only: their name is their data.
 */
export const PAYMENTS_EXPORT_SECTIONS: Readonly<Record<string, UserExportSql>> = {
  orders: `
    SELECT json_build_object('id', o.id, 'role', CASE WHEN o.buyer_user_id = $1 THEN 'buyer' ELSE 'seller' END,
        'productId', o.product_id, 'productTitle', o.product_title, 'productImage', o.product_image,
        'sellerName', o.seller_name, 'amountCents', o.amount_cents, 'currency', o.currency, 'status', o.status,
        'contact', CASE WHEN o.buyer_user_id = $1 THEN json_build_object('email', o.contact_email,
          'firstName', o.contact_first_name, 'lastName', o.contact_last_name, 'phone', o.contact_phone) END,
        'billingAddress', CASE WHEN o.buyer_user_id = $1 THEN o.billing_address END,
        'deliveryAddress', CASE WHEN o.buyer_user_id = $1 THEN o.delivery_address END,
        'cardLast4', CASE WHEN o.buyer_user_id = $1 THEN o.card_last4 END,
        'carrier', o.carrier, 'trackingNumber', o.tracking_number, 'createdAt', o.created_at, 'paidAt', o.paid_at,
        'shippedAt', o.shipped_at, 'deliveredAt', o.delivered_at, 'completedAt', o.completed_at,
        'refundedAt', o.refunded_at, 'closedAt', o.closed_at, 'discountCents', o.discount_cents,
        'refundCents', o.refund_cents,
        'items', (SELECT coalesce(json_agg(json_build_object('productId', i.product_id, 'title', i.title,
            'image', i.image, 'priceCents', i.price_cents, 'paidCents', i.share_cents, 'refundedAt', i.refunded_at)
            ORDER BY i.position), '[]'::json) FROM payments.order_items i WHERE i.order_id = o.id),
        'moneyLines', (SELECT coalesce(json_agg(json_build_object('kind', e.kind, 'account', l.account,
            'amountCents', l.amount_cents, 'at', e.created_at) ORDER BY e.id, l.account), '[]'::json)
          FROM payments.ledger_entries e JOIN payments.ledger_lines l ON l.entry_id = e.id
          WHERE e.order_id = o.id AND (l.seller_id IS NULL OR l.seller_id = $1))) AS item,
      o.created_at AS key_at, o.id::text AS key_id
    FROM payments.orders o WHERE o.buyer_user_id = $1 OR o.seller_id = $1`,
  addresses: `
    SELECT json_build_object('id', id, 'firstName', first_name, 'lastName', last_name, 'line1', line1,
        'line2', line2, 'city', city, 'region', region, 'postcode', postcode, 'country', country, 'phone', phone,
        'isDefault', is_default, 'createdAt', created_at, 'lastUsedAt', last_used_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM payments.saved_addresses WHERE user_id = $1`,
  payouts: `
    SELECT json_build_object('id', id, 'orderId', order_id, 'amountCents', amount_cents, 'feeCents', fee_cents,
        'currency', currency, 'status', status, 'createdAt', created_at, 'paidAt', paid_at,
        'reversedAt', reversed_at) AS item,
      created_at AS key_at, id::text AS key_id
    FROM payments.payouts WHERE seller_id = $1`,
  ledger: `
    SELECT json_build_object('entry', e.id, 'kind', e.kind, 'orderId', e.order_id, 'payoutId', e.payout_id,
        'account', l.account, 'amountCents', l.amount_cents, 'at', e.created_at) AS item,
      e.created_at AS key_at, lpad(e.id::text, 20, '0') || ':' || l.account AS key_id
    FROM payments.ledger_lines l JOIN payments.ledger_entries e ON e.id = l.entry_id WHERE l.seller_id = $1`,
  'bundle-discount': `
    SELECT json_build_object('minItems', min_items, 'percent', percent, 'updatedAt', updated_at) AS item,
      updated_at AS key_at, seller_id::text AS key_id
    FROM payments.bundle_discounts WHERE seller_id = $1`,
  offers: `
    SELECT json_build_object('id', o.id, 'role', CASE WHEN o.buyer_id = $1 THEN 'buyer' ELSE 'seller' END,
        'otherPartyId', CASE WHEN o.buyer_id = $1 THEN o.seller_id ELSE o.buyer_id END,
        'productId', o.product_id, 'productTitle', o.product_title, 'listPriceCents', o.list_price_cents,
        'offeredCents', o.offered_cents, 'amountCents', o.amount_cents, 'currency', o.currency, 'status', o.status,
        'madeBy', o.origin, 'createdAt', o.created_at, 'updatedAt', o.updated_at, 'expiresAt', o.expires_at,
        'items', (SELECT coalesce(json_agg(json_build_object('productId', i.product_id, 'title', i.title,
            'priceCents', i.price_cents) ORDER BY i.position), '[]'::json)
          FROM payments.offer_items i WHERE i.offer_id = o.id)) AS item,
      o.created_at AS key_at, o.id::text AS key_id
    FROM payments.offers o WHERE o.buyer_id = $1 OR o.seller_id = $1`,
};
