import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { LIMITS, MESSAGES } from '../validation/messages';
import { TwoFactorCode } from './two-factor.dto';

/** What every service shows where a deleted account's name used to be. */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * The version a read model pins a deleted account's row at: above any version identity gives a profile (Postgres
 * integer's maximum), so no late or replayed profile event brings the name back.
 */
export const DELETED_USER_VERSION = 2_147_483_647;

/** Sentences of account deletion, shared by identity, the gateway and the form. */
export const ACCOUNT_DELETION_MESSAGES = {
  onlyYourOwn: 'You can only delete your own account',
  codeRequired: 'Enter the 6-digit code from your authenticator app to delete your account',
  /** What a message written by a deleted account reads afterwards (the other party keeps the conversation). */
  erasedMessage: 'This message was removed when its author deleted their account.',
} as const;

/** `DELETE /api/users/{id}`: the password (and a code when two-step sign-in is on), so a stolen session is not enough. */
export class DeleteAccountDto {
  @IsString({ message: MESSAGES.passwordRequired })
  @IsNotEmpty({ message: MESSAGES.passwordRequired })
  @MaxLength(LIMITS.passwordMax, { message: MESSAGES.invalidCredentials })
  password!: string;

  @IsOptional() @TwoFactorCode() code?: string;
}

/** `identity.user.delete`: the caller deletes their own account (`userId` must be `actorId`). */
export class DeleteAccountRequest extends DeleteAccountDto {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') userId!: string;
}

/** The deleted account: the gateway ends its sessions. */
export interface AccountDeletedReply {
  userId: string;
}

/**
 * The account is gone: every service erases its personal data about `userId` (each owner's job). Published once,
 * from identity's outbox, in the transaction that erased identity's own data.
 */
export class UserDeletedEvent {
  @IsUUID('all') userId!: string;
}

/** `payments.user.deletion-blockers`: what payments still holds open for the person, asked before a deletion. */
export class GetDeletionBlockersRequest {
  @IsUUID('all') userId!: string;
}

/** An order not yet finished in which the person is the buyer or the seller. */
export interface OpenOrderBlocker {
  orderId: string;
  productTitle: string;
  role: 'buyer' | 'seller';
}

/** Why an account cannot be deleted yet; all empty or zero: it can. */
export interface DeletionBlockersDto {
  openOrders: OpenOrderBlocker[];
  /** Sales' money held for the seller until their buyers confirm, in cents. */
  heldCents: number;
  /** Money released to the seller and not yet paid out, in cents. */
  unpaidCents: number;
  currency: string;
}

/** The 409 sentence for `blockers`, or null when nothing blocks the deletion. */
export function deletionBlockedSentence(blockers: DeletionBlockersDto): string | null {
  const parts: string[] = [];
  const count = blockers.openOrders.length;
  if (count > 0) {
    const titles = blockers.openOrders
      .slice(0, 3)
      .map((o) => `“${o.productTitle}”`)
      .join(', ');
    const more = count > 3 ? ` and ${count - 3} more` : '';
    parts.push(
      `You have ${count} open order${count === 1 ? '' : 's'} (${titles}${more}). ` +
        `You can delete your account once ${count === 1 ? 'it is' : 'they are'} completed, cancelled or refunded.`,
    );
  }
  const owed = blockers.heldCents + blockers.unpaidCents;
  if (owed > 0) {
    const amount = `${(owed / 100).toFixed(2)} ${blockers.currency.toUpperCase()}`;
    parts.push(
      `${amount} from your sales has not been paid out to you yet. ` +
        'You can delete your account once it has reached your bank account (see Payouts).',
    );
  }
  return parts.length ? parts.join(' ') : null;
}
