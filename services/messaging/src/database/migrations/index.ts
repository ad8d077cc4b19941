import { blocksReadModelMigration, outboxClaimsMigration, outboxRetriesMigration } from '@souvenir/platform';
import { CreateMessaging1732500000000 } from './1732500000000-create-messaging';
import { AddConversations1732700000000 } from './1732700000000-add-conversations';
import { AddInboxVersions1732800000000 } from './1732800000000-add-inbox-versions';
import { AddSystemNotes1734000000000 } from './1734000000000-add-system-notes';
import { AddProductSaleVersion1734100000000 } from './1734100000000-add-product-sale-version';
import { InboxChangeCauses1736400000000 } from './1736400000000-inbox-change-causes';
import { MessageRaisesInboxesQuietly1736500000000 } from './1736500000000-message-raises-inboxes-quietly';
import { ProductEdits1737960000000 } from './1737960000000-product-edits';
import { ContactShieldAndBlocks1738300000000 } from './1738300000000-contact-shield-and-blocks';
import { ContactVelocity1738600000000 } from './1738600000000-contact-velocity';
import { AwayReplies1738600000000 } from './1738600000000-away-replies';
import { OfferNotes1738950000000 } from './1738950000000-offer-notes';

/** Every migration of the messaging schema, in order. Never edit one that has landed; add a new one. */
export const MESSAGING_MIGRATIONS = [
  CreateMessaging1732500000000,
  AddConversations1732700000000,
  AddInboxVersions1732800000000,
  AddSystemNotes1734000000000,
  AddProductSaleVersion1734100000000,
  outboxClaimsMigration('messaging'),
  InboxChangeCauses1736400000000,
  MessageRaisesInboxesQuietly1736500000000,
  outboxRetriesMigration('messaging'),
  ProductEdits1737960000000,
  ContactShieldAndBlocks1738300000000,
  blocksReadModelMigration('messaging'),
  ContactVelocity1738600000000,
  AwayReplies1738600000000,
  OfferNotes1738950000000,
];
