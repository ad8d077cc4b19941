import type { RpcRequest, UserExportPage } from '@souvenir/contracts';
import type { RpcClient } from '@souvenir/platform';

type ExportSubject =
  | 'identity.user.export'
  | 'catalog.user.export'
  | 'favourites.user.export'
  | 'messaging.user.export'
  | 'payments.user.export'
  | 'reviews.user.export'
  | 'notifications.user.export'
  | 'media.user.export';

/** NATS's default payload limit: a page must stay well under it. */
const NATS_MAX_PAYLOAD = 1024 * 1024;

/**
 * Every item of one section of a person's export, following `next` to the end, with how many pages it took. Fails if
 * a page comes near NATS's payload limit or a cursor repeats.
 */
export async function exportSection(
  rpc: RpcClient,
  subject: ExportSubject,
  userId: string,
  section: string,
): Promise<{ items: Record<string, unknown>[]; pages: number }> {
  const items: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let after: string | undefined;
  let pages = 0;
  do {
    const request = { userId, section, ...(after ? { after } : {}) } as RpcRequest<typeof subject>;
    const page: UserExportPage = await rpc.send(subject, request);
    pages += 1;
    if (Buffer.byteLength(JSON.stringify(page)) > NATS_MAX_PAYLOAD / 2) throw new Error(`page ${pages} too large`);
    items.push(...page.items);
    after = page.next;
    if (after && seen.has(after)) throw new Error(`cursor ${after} repeated`);
    if (after) seen.add(after);
  } while (after);
  return { items, pages };
}
