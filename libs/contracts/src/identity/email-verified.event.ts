import { IsDateString, IsEmail, IsUUID } from 'class-validator';

/**
 * The account's owner proved that `email` is theirs (a verification, reset or change-of-address link opened from that
 * inbox). Published on every such proof; consumers are idempotent. payments gives the account the guest orders paid
 * with that address, which is safe only now: an address typed at registration proves nothing.
 */
export class EmailVerifiedEvent {
  @IsUUID('all') userId!: string;
  @IsEmail() email!: string;
  @IsDateString() occurredAt!: string;
}
