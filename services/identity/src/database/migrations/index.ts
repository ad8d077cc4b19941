import { outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { CreateUsers1732300000000 } from './1732300000000-create-users';
import { PlainUsernamesAndNames1733800000000 } from './1733800000000-plain-usernames-and-names';
import { AddUserRole1734000000000 } from './1734000000000-add-user-role';
import { EarnedVerificationAndRatings1735100000000 } from './1735100000000-earned-verification-and-ratings';
import { AccountTokensAndVerifiedEmail1737000000000 } from './1737000000000-account-tokens-and-verified-email';
import { TwoFactorAndKnownDevices1737300000000 } from './1737300000000-two-factor-and-known-devices';
import { Passkeys1737700000000 } from './1737700000000-passkeys';
import { DeletedAccounts1737900000000 } from './1737900000000-deleted-accounts';
import { DataExports1738100000000 } from './1738100000000-data-exports';
import { Blocks1738300000000 } from './1738300000000-blocks';
import { Suspensions1738500000000 } from './1738500000000-suspensions';

/** Every migration of the identity schema, in order. Never edit one that has landed; add a new one. */
export const IDENTITY_MIGRATIONS = [
  CreateUsers1732300000000,
  PlainUsernamesAndNames1733800000000,
  AddUserRole1734000000000,
  EarnedVerificationAndRatings1735100000000,
  outboxClaimsMigration('identity'),
  AccountTokensAndVerifiedEmail1737000000000,
  TwoFactorAndKnownDevices1737300000000,
  Passkeys1737700000000,
  DeletedAccounts1737900000000,
  outboxRetriesMigration('identity'),
  DataExports1738100000000,
  Blocks1738300000000,
  Suspensions1738500000000,
];
