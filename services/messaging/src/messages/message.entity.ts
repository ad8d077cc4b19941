import type { MessageKind, ShieldFinding } from '@souvenir/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message from one user to another about a product. */
@Entity({ schema: 'messaging', name: 'messages' })
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'from_user_id' }) fromUserId!: string;
  @Column('uuid', { name: 'to_user_id' }) toUserId!: string;
  @Column('uuid', { name: 'product_id' }) productId!: string;
  @Column('text') content!: string;
  /** clock_timestamp(), not now(): messages sent within one transaction's time still order by their own instant. */
  @Column('timestamptz', { name: 'created_at', default: () => 'clock_timestamp()' }) createdAt!: Date;
  @Column('boolean', { name: 'is_read', default: false }) isRead!: boolean;
  /**
   * 'user': written by fromUserId; 'system': a note about the product's order, 'offer': a step of an offer on it, each
   * sent in the name of the party who acted; 'automatic': an away reply.
   */
  @Column('text', { default: 'user' }) kind!: 'user' | MessageKind;
  /** What the recipient reads of a message the contact-details shield caught; null: the message as written. */
  @Column('text', { name: 'masked_content', nullable: true }) maskedContent!: string | null;
  /** What the shield found (null: nothing): the message is flagged for support. */
  @Column('text', { name: 'shield_findings', array: true, nullable: true }) shieldFindings!: ShieldFinding[] | null;
}
