import type { AddressDto, OrderStatus, PaymentProviderName } from '@souvenir/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { BIGINT_NUMBER, CENTS } from '../database/cents.transformer';

/**
 * One checkout by one buyer (a user, or a guest when `buyerUserId` is null) of one product, or of a bundle of one
 * seller's items (order_items; the `product*` columns are its first item). The title and cover are kept as they were
 * at checkout, so orders read without asking catalog.
 */
@Entity({ schema: 'payments', name: 'orders' })
export class OrderEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'product_id' }) productId!: string;
  @Column('text', { name: 'product_title' }) productTitle!: string;
  @Column('text', { name: 'product_image', nullable: true }) productImage!: string | null;
  @Column('uuid', { name: 'seller_id' }) sellerId!: string;
  @Column('uuid', { name: 'buyer_user_id', nullable: true }) buyerUserId!: string | null;
  @Column('text', { name: 'contact_email' }) contactEmail!: string;
  @Column('text', { name: 'contact_first_name' }) contactFirstName!: string;
  @Column('text', { name: 'contact_last_name' }) contactLastName!: string;
  @Column('text', { name: 'contact_phone', nullable: true }) contactPhone!: string | null;
  @Column('jsonb', { name: 'billing_address' }) billingAddress!: AddressDto;
  @Column('jsonb', { name: 'delivery_address' }) deliveryAddress!: AddressDto;
  @Column('bigint', { name: 'amount_cents', transformer: CENTS }) amountCents!: number;
  /** What the seller's bundle discount took off the items' prices (0: none); `amountCents` is after it. */
  @Column('bigint', { name: 'discount_cents', transformer: CENTS, default: 0 }) discountCents!: number;
  /**
   * A partial refund decided on a claim about some of a bundle's items: what goes back (their shares). Null: the
   * order's refund, if it has one (cancelled or refunded), is the whole amount.
   */
  @Column('bigint', { name: 'refund_cents', transformer: CENTS, nullable: true }) refundCents!: number | null;
  @Column('text') currency!: string;
  @Column('text') provider!: PaymentProviderName;
  @Column('text', { name: 'provider_payment_id', nullable: true }) providerPaymentId!: string | null;
  @Column('text') status!: OrderStatus;
  /** Why the last attempt failed, or why a payment was refunded: shown to the buyer by reconcile. */
  @Column('text', { name: 'failure_message', nullable: true }) failureMessage!: string | null;
  /** Set when the product was sold to someone else or removed: this order can no longer be paid (a late payment is refunded). */
  @Column('timestamptz', { name: 'closed_at', nullable: true }) closedAt!: Date | null;
  /** sha-256 of a guest checkout's token: only the browser holding the token resumes this order. */
  @Column('text', { name: 'checkout_token_hash', nullable: true }) checkoutTokenHash!: string | null;
  /** When the payments sweep last compared this unpaid order with its intent. */
  @Column('timestamptz', { name: 'last_checked_at', nullable: true }) lastCheckedAt!: Date | null;
  /** The seller's name at checkout (from the catalog product), shown to the buyer without asking identity. */
  @Column('text', { name: 'seller_name', nullable: true }) sellerName!: string | null;
  /** When the payment made it a sale; null for checkouts never paid (or refunded because the item went to another buyer). */
  @Column('timestamptz', { name: 'paid_at', nullable: true }) paidAt!: Date | null;
  /**
   * When the buyer's authorised card was captured (the money taken, and the ledger's payment entry posted): just after
   * the sale is recorded; null until then. A sale is recorded on the authorisation so that only the winner is captured.
   */
  @Column('timestamptz', { name: 'captured_at', nullable: true }) capturedAt!: Date | null;
  /** Due times: each one is also a pg-boss job (orders/order-jobs.ts) that re-checks it here before acting. */
  @Column('timestamptz', { name: 'ship_by', nullable: true }) shipBy!: Date | null;
  @Column('text', { nullable: true }) carrier!: string | null;
  @Column('text', { name: 'tracking_number', nullable: true }) trackingNumber!: string | null;
  @Column('timestamptz', { name: 'shipped_at', nullable: true }) shippedAt!: Date | null;
  @Column('timestamptz', { name: 'delivered_by', nullable: true }) deliveredBy!: Date | null;
  @Column('timestamptz', { name: 'delivered_at', nullable: true }) deliveredAt!: Date | null;
  @Column('timestamptz', { name: 'claim_window_ends', nullable: true }) claimWindowEnds!: Date | null;
  @Column('timestamptz', { name: 'completed_at', nullable: true }) completedAt!: Date | null;
  /** A buyer's pending request to cancel before shipping. */
  @Column('text', { name: 'cancel_request_reason', nullable: true }) cancelRequestReason!: string | null;
  @Column('timestamptz', { name: 'cancel_request_at', nullable: true }) cancelRequestAt!: Date | null;
  @Column('timestamptz', { name: 'cancel_request_expires', nullable: true }) cancelRequestExpires!: Date | null;
  /** When the provider confirmed the refund of a cancelled or refunded order (the refund job sets it). */
  @Column('timestamptz', { name: 'refunded_at', nullable: true }) refundedAt!: Date | null;
  /** The buyer's charge (Stripe's `latest_charge`): the seller's transfer is funded from it. */
  @Column('text', { name: 'provider_charge_id', nullable: true }) providerChargeId!: string | null;
  /** The last four digits of the buyer's card, as the provider shows them: a refund says where the money went. */
  @Column('text', { name: 'card_last4', nullable: true }) cardLast4!: string | null;
  /** A card dispute (chargeback) reported by the provider: while open, the order's money is frozen. */
  @Column('text', { name: 'card_dispute_status', nullable: true }) cardDisputeStatus!: 'open' | 'won' | 'lost' | null;
  @Column('text', { name: 'card_dispute_reason', nullable: true }) cardDisputeReason!: string | null;
  @Column('timestamptz', { name: 'card_dispute_opened_at', nullable: true }) cardDisputeOpenedAt!: Date | null;
  /** The `created` time of the newest dispute event applied (Stripe does not deliver in order). */
  @Column('bigint', { name: 'card_dispute_event_at', nullable: true, transformer: BIGINT_NUMBER })
  cardDisputeEventAt!: number | null;
  /** The buyer's address book entry this order ships to: paid, it becomes their last used address. */
  @Column('uuid', { name: 'saved_address_id', nullable: true }) savedAddressId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
