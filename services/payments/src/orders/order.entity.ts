import type { AddressDto, OrderStatus, PaymentProviderName } from '@souvenir/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One checkout of one product by one buyer (a user, or a guest when `buyerUserId` is null). The product's title
 * and cover are kept as they were at checkout, so orders read without asking catalog.
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
  @Column('integer', { name: 'amount_cents' }) amountCents!: number;
  @Column('text') currency!: string;
  @Column('text') provider!: PaymentProviderName;
  @Column('text', { name: 'provider_payment_id', nullable: true }) providerPaymentId!: string | null;
  @Column('text') status!: OrderStatus;
  /** Why the last attempt failed, or why a payment was refunded: shown to the buyer by reconcile. */
  @Column('text', { name: 'failure_message', nullable: true }) failureMessage!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
