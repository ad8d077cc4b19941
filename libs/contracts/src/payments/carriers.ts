/**
 * The carriers whose tracking pages we know, each with the words a seller may type for it (compared without case,
 * spaces or punctuation) and its tracking page, `{number}` standing for the URL-encoded tracking number. The order
 * page and the mails link a tracking number through `trackingUrl`; a carrier not listed here is shown as plain text.
 */
export const CARRIERS: readonly { name: string; aliases: readonly string[]; url: string }[] = [
  {
    name: 'USPS',
    aliases: ['usps', 'unitedstatespostalservice', 'uspostalservice', 'uspost'],
    url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}',
  },
  { name: 'UPS', aliases: ['ups', 'unitedparcelservice'], url: 'https://www.ups.com/track?tracknum={number}' },
  {
    name: 'FedEx',
    aliases: ['fedex', 'federalexpress'],
    url: 'https://www.fedex.com/fedextrack/?trknbr={number}',
  },
  {
    name: 'DHL',
    aliases: ['dhl', 'dhlexpress'],
    url: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}',
  },
  {
    name: 'Royal Mail',
    aliases: ['royalmail'],
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}',
  },
  {
    name: 'Canada Post',
    aliases: ['canadapost', 'postescanada'],
    url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={number}',
  },
  {
    name: 'Australia Post',
    aliases: ['australiapost', 'auspost'],
    url: 'https://auspost.com.au/mypost/track/details/{number}',
  },
  {
    name: 'Japan Post',
    aliases: ['japanpost'],
    url: 'https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1={number}&locale=en',
  },
  {
    name: 'La Poste',
    aliases: ['laposte', 'colissimo'],
    url: 'https://www.laposte.fr/outils/suivre-vos-envois?code={number}',
  },
  {
    name: 'Thailand Post',
    aliases: ['thailandpost'],
    url: 'https://track.thailandpost.co.th/?trackNumber={number}',
  },
];

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The carrier's page for a tracking number, or null when the carrier is not one we know or there is no number. Spaces
 * are dropped from the number (it is printed in groups for reading; carriers' forms take it without them) and the rest
 * is URL-encoded, so whatever a seller typed stays inside the one parameter.
 */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const number = trackingNumber?.replace(/\s+/g, '') ?? '';
  if (!carrier || !number) return null;
  const key = normalise(carrier);
  const known = CARRIERS.find((entry) => entry.aliases.includes(key));
  return known ? known.url.replace('{number}', encodeURIComponent(number)) : null;
}
