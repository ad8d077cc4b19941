import { IsBoolean, IsDateString, IsInt, IsUUID, Min } from 'class-validator';
import type { UserSummaryDto } from './user.dto';

/**
 * The sentences a block is answered with. The blocked person's never says who blocked whom (or that anyone did): it
 * reads the same whichever of the two blocked the other, or both. Only the one who blocked is reminded of it, with
 * the way back.
 */
export const BLOCK_MESSAGES = {
  blockYourself: 'You cannot block yourself',
  tooMany: 'You have blocked as many people as an account can (1000). Unblock someone first.',
  /** To the person who blocked, writing to the one they blocked. */
  youBlockedMessage: 'You blocked this member. Unblock them in Account settings to write to them.',
  /** To anyone else a block stands between (the blocked person, or both after a mutual block). */
  cannotMessage: "You can't send messages to this member.",
  youBlockedBuy: 'You blocked this seller. Unblock them in Account settings to buy from them.',
  cannotBuy: "You can't buy this member's items.",
  youBlockedReview: 'You blocked this member. Unblock them in Account settings to review them.',
  cannotReview: "You can't review this member.",
} as const;

/** How many people one account may block: the Blocked people list is one answer, never paged. */
export const MAX_BLOCKS_PER_USER = 1000;

/** Which of two people blocked the other, as a read model answers it. */
export type BlockBetween = 'none' | 'actor' | 'other' | 'both';

/**
 * A block was placed (`blocked`) or lifted. `version` comes from one sequence in identity, so it grows with every
 * change: a read model keeps the newest per pair whatever order events arrive in (a block, an unblock and a block
 * again within a second).
 */
export class BlockChangedEvent {
  @IsUUID('all') blockerId!: string;
  @IsUUID('all') blockedId!: string;
  @IsBoolean() blocked!: boolean;
  @IsInt() @Min(1) version!: number;
  @IsDateString() occurredAt!: string;
}

/** `identity.block.add` / `identity.block.remove`: the caller blocks or unblocks another member. */
export class BlockUserRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') userId!: string;
}

/** `identity.block.list`: the people the caller blocked, newest first. */
export class ListBlocksRequest {
  @IsUUID('all') actorId!: string;
}

/** One row of `GET /api/me/blocks`: a person the caller blocked. */
export interface BlockedUserDto {
  user: UserSummaryDto;
  blockedAt: string;
}
