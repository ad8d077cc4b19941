import { EVENT_STREAM, EVENTS, type EventSubject } from '../events/subjects';
import { PUSH } from '../push/push.subjects';
import { RPC, type RpcSubject } from '../rpc/subjects';

/** A domain service: its name is its NATS user, queue group, subject prefix and durable-consumer prefix. */
export type NatsServiceName = keyof typeof RPC;
/** Every process that connects to NATS with its own credentials. */
export type NatsPrincipal = NatsServiceName | 'gateway';

/** What one process does on NATS; everything else is denied by the server. */
export interface NatsGrant {
  /** Request/reply subjects it answers (in its queue group). */
  serves: readonly RpcSubject[];
  /** Request/reply subjects it sends requests to. */
  calls: readonly RpcSubject[];
  /** Events it follows with durable JetStream consumers (one per subject, see `durableConsumerName`). */
  consumes: readonly EventSubject[];
  /** Events it follows with a plain core-NATS subscription (no JetStream). */
  listens: readonly EventSubject[];
  /** Live push (`PUSH`): the notifications service publishes each user's events, the gateway subscribes to them. */
  push?: 'publish' | 'subscribe';
}

const servesAll = (service: NatsServiceName) => Object.values(RPC[service]) as RpcSubject[];

/**
 * Who may say what on NATS: the one declaration the NATS server's `authorization` block is generated from
 * (`natsAuthorizationConfig`, written to deploy/nats/auth.conf by deploy/nats/generate.mjs). A forged request is
 * refused by the server, not by the service: only the gateway speaks for a user, so only it may call the subjects that
 * take an `actorId` on a user's behalf; a service may call only what it needs (`identity.user.get-me`, which answers an
 * e-mail, only payments). deploy/test/nats-permissions.spec.ts checks these lists against the code's `rpc.send(RPC.…)`,
 * `consumer.start({ [EVENTS.…] })` and `subscribe(EVENTS.…)` calls, and proves the generated config refuses the rest.
 */
export const NATS_GRANTS: Record<NatsPrincipal, NatsGrant> = {
  gateway: {
    serves: [],
    calls: [
      RPC.identity.register,
      RPC.identity.verifyCredentials,
      RPC.identity.getUser,
      RPC.identity.getMe,
      RPC.identity.updateUser,
      RPC.identity.requestPasswordReset,
      RPC.identity.confirmPasswordReset,
      RPC.identity.confirmEmailVerification,
      RPC.identity.resendEmailVerification,
      RPC.identity.changePassword,
      RPC.identity.requestEmailChange,
      RPC.identity.confirmEmailChange,
      RPC.identity.undoEmailChange,
      RPC.identity.twoFactorStatus,
      RPC.identity.setUpTwoFactor,
      RPC.identity.enableTwoFactor,
      RPC.identity.disableTwoFactor,
      RPC.identity.regenerateRecoveryCodes,
      RPC.identity.confirmTwoFactor,
      RPC.identity.passkeyRegistrationOptions,
      RPC.identity.addPasskey,
      RPC.identity.listPasskeys,
      RPC.identity.removePasskey,
      RPC.identity.passkeyLoginOptions,
      RPC.identity.verifyPasskeyLogin,
      RPC.identity.deleteAccount,
      RPC.identity.requestDataExport,
      RPC.identity.latestDataExport,
      RPC.identity.getDataExport,
      RPC.identity.blockUser,
      RPC.identity.unblockUser,
      RPC.identity.listBlocks,
      RPC.catalog.createProduct,
      RPC.catalog.getProduct,
      RPC.catalog.listProducts,
      RPC.catalog.removeProduct,
      RPC.catalog.relistProduct,
      RPC.catalog.updateProduct,
      RPC.catalog.reserveProduct,
      RPC.catalog.liftReservation,
      RPC.catalog.listSellerProducts,
      RPC.catalog.listCategories,
      RPC.catalog.countBrowseCategories,
      RPC.catalog.listProductIds,
      RPC.catalog.getProductCustoms,
      RPC.catalog.listCountryRules,
      RPC.catalog.listCustomsRules,
      RPC.catalog.getCustomsRuleHistory,
      RPC.catalog.saveCustomsRule,
      RPC.catalog.listProvenanceQueue,
      RPC.catalog.decideProvenance,
      RPC.catalog.countProvenanceQueue,
      RPC.catalog.setAway,
      RPC.catalog.endAway,
      RPC.catalog.getAway,
      RPC.favourites.add,
      RPC.favourites.remove,
      RPC.favourites.list,
      RPC.favourites.favouritedAmong,
      RPC.messaging.sendMessage,
      RPC.messaging.listConversations,
      RPC.messaging.getThread,
      RPC.messaging.countUnread,
      RPC.payments.createIntent,
      RPC.payments.getBundleDiscount,
      RPC.payments.setBundleDiscount,
      RPC.payments.listAddresses,
      RPC.payments.createAddress,
      RPC.payments.updateAddress,
      RPC.payments.deleteAddress,
      RPC.payments.createOffer,
      RPC.payments.listOffers,
      RPC.payments.actOnOffer,
      RPC.payments.offerToFavourites,
      RPC.payments.confirmTestPayment,
      RPC.payments.reconcile,
      RPC.payments.handleWebhook,
      RPC.payments.getBuyerProtection,
      RPC.payments.listOrders,
      RPC.payments.listOrdersPage,
      RPC.payments.getOrder,
      RPC.payments.shipOrder,
      RPC.payments.markDelivered,
      RPC.payments.confirmOrder,
      RPC.payments.cancelOrder,
      RPC.payments.openClaim,
      RPC.payments.respondToClaim,
      RPC.payments.listOrderMessages,
      RPC.payments.sendOrderMessage,
      RPC.identity.setAvatar,
      RPC.payments.listOpenClaims,
      RPC.payments.decideClaim,
      RPC.payments.shipReturn,
      RPC.payments.confirmReturn,
      RPC.payments.listCardDisputes,
      RPC.payments.countSupportQueues,
      RPC.payments.getPayoutAccount,
      RPC.payments.getTrackRecord,
      RPC.payments.createPayoutAccount,
      RPC.payments.listPayouts,
      RPC.payments.listLedger,
      RPC.payments.getTestOnboarding,
      RPC.payments.completeTestOnboarding,
      RPC.reviews.createReview,
      RPC.reviews.updateReview,
      RPC.reviews.replyToReview,
      RPC.reviews.listUserReviews,
      RPC.reviews.getRating,
      RPC.reviews.getOrderReviews,
      RPC.reviews.reportReview,
      RPC.reviews.listReportedReviews,
      RPC.reviews.hideReview,
      RPC.reviews.dismissReports,
      RPC.reviews.countReportedReviews,
      RPC.notifications.listEventsAfter,
      RPC.notifications.listNotifications,
      RPC.notifications.countUnread,
      RPC.notifications.markRead,
      RPC.notifications.markAllRead,
      RPC.notifications.requestGuestOrderLinks,
      RPC.notifications.getSettings,
      RPC.notifications.updateSettings,
      RPC.notifications.unsubscribe,
      RPC.moderation.createReport,
      RPC.alerts.createSavedSearch,
      RPC.alerts.listSavedSearches,
      RPC.alerts.deleteSavedSearch,
      RPC.moderation.listQueue,
      RPC.moderation.countQueue,
      RPC.moderation.decide,
      RPC.moderation.appeal,
      RPC.moderation.getKeywords,
      RPC.moderation.putKeywords,
    ],
    consumes: [],
    // Inbox freshness: a read or a profile raises inbox versions (inbox.changed), a message raises both people's.
    // Product pages: what changes a product's page drops its kept read on every replica (product-page-freshness.ts).
    listens: [
      EVENTS.messaging.inboxChanged,
      EVENTS.messaging.messageSent,
      EVENTS.catalog.productSold,
      EVENTS.catalog.productRelisted,
      EVENTS.catalog.productRemoved,
      EVENTS.catalog.productOriginChanged,
      EVENTS.catalog.productUpdated,
      EVENTS.catalog.productReserved,
      EVENTS.catalog.productReservationEnded,
      // A deleted account's live streams end on every replica.
      EVENTS.identity.userDeleted,
      // A suspended account's sessions and live streams end.
      EVENTS.identity.userSuspended,
    ],
    push: 'subscribe',
  },
  identity: {
    serves: servesAll('identity'),
    // deletion-blockers: an account with an open order or money held is not deleted. The data export's job asks
    // every service for the person's data, page by page.
    calls: [
      RPC.payments.deletionBlockers,
      RPC.catalog.exportUserData,
      RPC.favourites.exportUserData,
      RPC.messaging.exportUserData,
      RPC.payments.exportUserData,
      RPC.reviews.exportUserData,
      RPC.notifications.exportUserData,
      RPC.media.exportUserData,
      RPC.moderation.exportUserData,
      RPC.alerts.exportUserData,
    ],
    // decision.made: a suspension refuses sign-in.
    consumes: [EVENTS.reviews.ratingChanged, EVENTS.payments.sellerStandingChanged, EVENTS.moderation.decided],
    listens: [],
  },
  catalog: {
    serves: servesAll('catalog'),
    // get-role: the support role, for customs rules and the provenance queue. open-checkout: an edit or a reservation
    // waits while a buyer is paying.
    calls: [RPC.identity.getUsersByIds, RPC.identity.getRole, RPC.payments.openCheckout],
    consumes: [
      // A block ends a reservation between the two, and nobody reserves for someone a block stands between.
      EVENTS.identity.blockChanged,
      EVENTS.identity.userDeleted,
      EVENTS.identity.userRegistered,
      EVENTS.identity.userUpdated,
      EVENTS.reviews.ratingChanged,
      EVENTS.favourites.favouriteAdded,
      EVENTS.favourites.favouriteRemoved,
      EVENTS.payments.orderPaid,
      EVENTS.payments.orderChanged,
      // Its copy of each seller's bundle discount, shown on their products.
      EVENTS.payments.bundleDiscountChanged,
      // Support hid a listing or suspended its seller; a new listing matched the prohibited keywords.
      EVENTS.moderation.decided,
      EVENTS.moderation.listingHeld,
    ],
    listens: [],
  },
  favourites: {
    serves: servesAll('favourites'),
    calls: [RPC.catalog.getProduct, RPC.catalog.getProductsByIds],
    consumes: [
      EVENTS.identity.userDeleted,
      EVENTS.catalog.productRemoved,
      EVENTS.catalog.productSold,
      EVENTS.catalog.productRelisted,
      // Support's decision on a listing's documents: the stored card's origin level.
      EVENTS.catalog.productOriginChanged,
      // An edit, a reservation and its end: the stored card is fetched again.
      EVENTS.catalog.productUpdated,
      EVENTS.catalog.productReserved,
      EVENTS.catalog.productReservationEnded,
      EVENTS.identity.userRegistered,
      EVENTS.identity.userUpdated,
      EVENTS.reviews.ratingChanged,
    ],
    listens: [],
  },
  messaging: {
    serves: servesAll('messaging'),
    // get-role: support reads the messages the contact-details shield flagged.
    calls: [RPC.catalog.getProduct, RPC.identity.getUsersByIds, RPC.identity.getRole],
    // block.changed: a block stops messages both ways; order.changed also tells which pairs completed an order (shield).
    consumes: [
      EVENTS.identity.blockChanged,
      EVENTS.identity.userDeleted,
      // Support hid a reported message.
      EVENTS.moderation.decided,
      EVENTS.identity.userRegistered,
      EVENTS.identity.userUpdated,
      EVENTS.catalog.productListed,
      EVENTS.catalog.productSold,
      EVENTS.catalog.productRemoved,
      EVENTS.catalog.productRelisted,
      EVENTS.catalog.productUpdated,
      EVENTS.catalog.sellerAwayChanged,
      EVENTS.payments.orderChanged,
      // Each step of an offer shows in the conversation of its buyer and seller.
      EVENTS.payments.offerChanged,
    ],
    listens: [],
  },
  payments: {
    serves: servesAll('payments'),
    // favouriters and get-many: the seller's offer to an item's favouriters, a page and a batch at a time.
    // catalog's get-many: a bundle's items, asked in one request at checkout.
    calls: [
      RPC.catalog.getProduct,
      RPC.catalog.getProductsByIds,
      RPC.identity.getMe,
      RPC.identity.getRole,
      RPC.favourites.listFavouriters,
      RPC.identity.getUsersByIds,
    ],
    // email.verified: the guest orders paid with a now verified address join that account.
    consumes: [
      EVENTS.identity.userDeleted,
      EVENTS.catalog.productRemoved,
      EVENTS.catalog.productSold,
      // A reservation closes the open checkouts of everyone but its buyer.
      EVENTS.catalog.productReserved,
      EVENTS.catalog.sellerAwayChanged,
      EVENTS.identity.emailVerified,
      // Nobody buys from someone a block stands between.
      EVENTS.identity.blockChanged,
    ],
    listens: [],
  },
  reviews: {
    serves: servesAll('reviews'),
    // get-role: the support role, for the reported-reviews queue.
    calls: [RPC.identity.getRole],
    consumes: [
      EVENTS.identity.blockChanged,
      EVENTS.identity.userDeleted,
      // Support hid a review reported through moderation.
      EVENTS.moderation.decided,
      EVENTS.payments.orderChanged,
      EVENTS.identity.userRegistered,
      EVENTS.identity.userUpdated,
    ],
    listens: [],
  },
  notifications: {
    serves: servesAll('notifications'),
    // get-emails: the addresses of its mails; mail-facts and guest-links: what an order's mail says and the link
    // that opens it (a guest's is a new private token). All asked per batch outside any transaction.
    // favouriters: who a price drop tells, a page at a time.
    calls: [
      RPC.identity.getUserEmails,
      RPC.payments.getOrderMailFacts,
      RPC.payments.guestOrderLinks,
      RPC.favourites.listFavouriters,
    ],
    consumes: [
      EVENTS.identity.userDeleted,
      EVENTS.messaging.messageSent,
      EVENTS.messaging.inboxChanged,
      EVENTS.payments.orderPaid,
      EVENTS.payments.orderChanged,
      EVENTS.payments.payoutPaid,
      EVENTS.reviews.reviewWritten,
      EVENTS.payments.orderMessageSent,
      EVENTS.payments.offerChanged,
      EVENTS.reviews.reviewPublished,
      EVENTS.reviews.reminderDue,
      // First names for the reviews' notifications ("Ana reviewed you").
      EVENTS.identity.userRegistered,
      EVENTS.identity.userUpdated,
      // The account's mails.
      EVENTS.identity.passwordResetRequested,
      EVENTS.identity.emailVerificationRequested,
      EVENTS.identity.emailChangeRequested,
      EVENTS.identity.emailChanged,
      EVENTS.identity.passwordChanged,
      EVENTS.identity.twoFactorEnabled,
      EVENTS.identity.twoFactorDisabled,
      EVENTS.identity.newDeviceSignIn,
      EVENTS.identity.dataExportReady,
      // The reported person is told support's decision and its reason.
      EVENTS.moderation.decided,
      // A price drop tells the product's favouriters.
      EVENTS.catalog.productUpdated,
      // A reservation tells its buyer; it and its end reach both people's open pages.
      EVENTS.catalog.productReserved,
      EVENTS.catalog.productReservationEnded,
      // A listing matched a saved search: its owner is told; a removed or sold one leaves the day's e-mail.
      EVENTS.alerts.searchMatched,
      EVENTS.catalog.productRemoved,
      EVENTS.catalog.productSold,
    ],
    listens: [],
    push: 'publish',
  },
  // Photos come and go over media's own HTTP routes; a listing or a claim that names one makes it used.
  media: {
    serves: servesAll('media'),
    // A data archive: identity vouches for the upload of one and for each download.
    calls: [RPC.identity.authorizeExportUpload, RPC.identity.getDataExport],
    // user.updated: a profile photo names an upload, which is then kept (and shown to anyone).
    consumes: [
      EVENTS.identity.userDeleted,
      EVENTS.catalog.productListed,
      EVENTS.payments.orderChanged,
      EVENTS.identity.userUpdated,
    ],
    listens: [],
  },
  // Reports and support's decisions: what was reported is asked from its owner, once, when reported.
  moderation: {
    serves: servesAll('moderation'),
    calls: [
      RPC.identity.getRole,
      RPC.identity.getUser,
      RPC.identity.getUsersByIds,
      RPC.catalog.getProduct,
      RPC.messaging.reportSnapshot,
      RPC.reviews.reportSnapshot,
      RPC.payments.countOrdersOfPeople,
    ],
    // product.listed: a new listing's text is matched against the prohibited-keywords list.
    consumes: [
      EVENTS.identity.userDeleted,
      EVENTS.catalog.productListed,
      EVENTS.messaging.messageFlagged,
      EVENTS.catalog.listingVelocityExceeded,
      EVENTS.messaging.contactVelocityExceeded,
    ],
    listens: [],
  },
  // Saved searches: each listing (new, relisted, cheaper) is matched against them as catalog announces it.
  alerts: {
    serves: servesAll('alerts'),
    calls: [],
    consumes: [
      EVENTS.catalog.productListed,
      EVENTS.catalog.productUpdated,
      EVENTS.catalog.productRelisted,
      EVENTS.catalog.productRemoved,
      EVENTS.catalog.productSold,
      // A reserved, held or not yet screened listing alerts nobody.
      EVENTS.catalog.productReserved,
      EVENTS.catalog.productReservationEnded,
      EVENTS.moderation.listingScreened,
      // Where a saved search's owner lives: only what can be delivered to them alerts them.
      EVENTS.identity.userRegistered,
      EVENTS.identity.userUpdated,
      // A blocked seller's listings never alert the blocker.
      EVENTS.identity.blockChanged,
      EVENTS.identity.userDeleted,
    ],
    listens: [],
  },
};

export const NATS_PRINCIPALS = Object.keys(NATS_GRANTS) as NatsPrincipal[];

/** The durable JetStream consumer a service follows an event subject with (`<service>--<subject with _ for .>`). */
export function durableConsumerName(service: string, subject: string): string {
  return `${service}--${subject.replace(/[.*>]/g, '_')}`;
}

/**
 * Each user's replies arrive under its own inbox prefix, so no process can subscribe to another's replies (a
 * catalog subscribing to `_INBOX.>` would read every e-mail identity sends the gateway).
 */
export function natsInboxPrefix(user: string): string {
  return `_INBOX_${user}`;
}

/** The environment variable the NATS server reads a principal's password from (never written in the config). */
export function natsPasswordVariable(principal: NatsPrincipal): string {
  return `NATS_PASSWORD_${principal.toUpperCase()}`;
}

/** Subjects a principal may publish to and subscribe to, and whether it may answer requests sent to it. */
export function natsPermissions(
  principal: NatsPrincipal,
  stream: string = EVENT_STREAM.name,
): {
  publish: string[];
  subscribe: string[];
  allowResponses: boolean;
} {
  const grant = NATS_GRANTS[principal];
  const publish: string[] = [...grant.calls];
  const subscribe: string[] = [...grant.serves, ...grant.listens, `${natsInboxPrefix(principal)}.>`];
  if (grant.push === 'publish') publish.push(PUSH.wildcard);
  if (grant.push === 'subscribe') subscribe.push(PUSH.wildcard);
  if (principal !== 'gateway') {
    // Its outbox relay publishes its own events only; every service may ensure the stream exists (whoever starts
    // first) and bring its retention up to date.
    publish.push(
      `events.${principal}.>`,
      '$JS.API.INFO',
      `$JS.API.STREAM.INFO.${stream}`,
      `$JS.API.STREAM.CREATE.${stream}`,
      `$JS.API.STREAM.UPDATE.${stream}`,
    );
    for (const subject of grant.consumes) {
      const durable = durableConsumerName(principal, subject);
      publish.push(
        `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
        // The create subject names the filter, so a service cannot widen its consumer to events it was not granted.
        `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${subject}`,
        `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
        `$JS.ACK.${stream}.${durable}.>`,
      );
    }
  }
  return { publish, subscribe, allowResponses: grant.serves.length > 0 };
}

/**
 * The nats-server `authorization` block: one user per principal, its password read from the server's environment
 * (`$NATS_PASSWORD_<NAME>`), its permissions from `natsPermissions`. No other user exists, so an anonymous client
 * cannot connect.
 */
export function natsAuthorizationConfig(stream: string = EVENT_STREAM.name): string {
  const list = (subjects: string[]) => subjects.map((s) => `          ${JSON.stringify(s)}`).join('\n');
  const users = NATS_PRINCIPALS.map((principal) => {
    const { publish, subscribe, allowResponses } = natsPermissions(principal, stream);
    return [
      '    {',
      `      user: ${JSON.stringify(principal)}`,
      `      password: $${natsPasswordVariable(principal)}`,
      '      permissions: {',
      `        publish: { allow: [\n${list(publish)}\n        ] }`,
      `        subscribe: { allow: [\n${list(subscribe)}\n        ] }`,
      `        allow_responses: ${allowResponses}`,
      '      }',
      '    }',
    ].join('\n');
  });
  return [
    '# Generated from libs/contracts/src/nats/nats-permissions.ts by `node deploy/nats/generate.mjs`: do not edit.',
    `# Stream: ${stream}. Passwords come from the server's environment (NATS_PASSWORD_<USER>).`,
    'authorization {',
    '  users = [',
    users.join(',\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
