/** The archive's README.txt: what each file holds. */
export const EXPORT_README = `Your Souvenir Swap data
=======================

This archive holds what Souvenir Swap keeps about you, as it was when you asked for it.
Every .json file is a JSON array, oldest first. Times are UTC (ISO 8601); money is in cents.

identity/profile.json             your account: name, username, e-mail, location, avatar, settings
identity/passkeys.json            your passkeys: name and dates (never the keys themselves)
identity/devices.json             when a new device or network was first and last seen signing in
identity/blocks.json              the people you blocked (never who blocked you)
catalog/listings.json             every listing you created, with its photo URLs and provenance
catalog/away-mode.json            your away mode while it is on: the date you are back and your away message
favourites/favourites.json        the listings you favourited, as they were when you favourited them
messaging/conversations.json      your conversations: the other person's id, the item, the unread count
messaging/messages.json           every message you sent or received
payments/orders.json              your purchases and sales, with their items and money lines
payments/addresses.json           your saved addresses
payments/payouts.json             the payouts of your sales
payments/ledger.json              your lines in the money ledger
payments/bundle-discount.json     the bundle discount you give on several of your items bought together
payments/offers.json              offers you made or received, with their items and the other person's id
reviews/written.json              reviews you wrote
reviews/received.json             reviews about you, once published
notifications/notifications.json  the notifications of the bell
media/uploads.json                the photos you uploaded
moderation/reports.json           what you reported and how support decided
moderation/appeals.json           support's decisions about your content, with your appeals
alerts/saved-searches.json        your saved searches
alerts/saved-search-matches.json  the listings your saved searches found
photos/                           the photos themselves (an empty file is one that no longer exists)

Passwords, two-step sign-in secrets and recovery codes are never included: only their hashes are stored,
and those would tell you nothing. Your signed-in sessions are listed on the account page.
`;
