import { useCallback, useEffect } from 'react';
import type { ConversationDto } from '@souvenir/contracts';
import { useSearchParams } from 'react-router';
import { useGetProductQuery } from '../../../api/catalogApi';
import { otherParty } from '../conversationParty';

/** What the thread pane shows, worked out from the URL (`?user=` and/or `?product=`) and the conversation list. */
export type Selection =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'thread'; otherUserId: string; productId: string; conversation?: ConversationDto }
  /** No thread can be opened yet: a user without a conversation, or a product nobody has asked about. */
  | { kind: 'hint'; reason: 'pick-product' | 'no-buyers' | 'product-missing' | 'self'; userId?: string };

/** The rest of a paged list: whether more pages follow, and how to load the next. */
export interface MorePages {
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => unknown;
}

/**
 * `?user=U&product=P` opens that thread; `?product=P` the latest conversation about the product (as a buyer,
 * a new thread with its seller when there is none); `?user=U` the latest conversation with that user. The list is
 * paged: a conversation that is not on the loaded pages is looked for on the next ones before giving up.
 */
export function useConversationSelection(loaded: ConversationDto[] | undefined, meId: string, more: MorePages) {
  const [params, setParams] = useSearchParams();
  const userParam = params.get('user');
  const productParam = params.get('product');

  const { hasMore, isLoadingMore, loadMore } = more;
  const wanted = (c: ConversationDto) =>
    userParam ? otherParty(c, meId).id === userParam : c.productId === productParam;
  const lookingFurther = Boolean(
    loaded && hasMore && !(userParam && productParam) && (userParam || productParam) && !loaded.some(wanted),
  );
  useEffect(() => {
    if (lookingFurther && !isLoadingMore) loadMore();
  }, [lookingFurther, isLoadingMore, loadMore]);
  // While looking further the list counts as still loading.
  const conversations = lookingFurther ? undefined : loaded;

  const byProduct = productParam && !userParam ? conversations?.find((c) => c.productId === productParam) : undefined;
  const needsProduct = Boolean(productParam && !userParam && conversations && !byProduct);
  const product = useGetProductQuery(productParam ?? '', { skip: !needsProduct });

  let selection: Selection;
  if (!userParam && !productParam) {
    selection = { kind: 'none' };
  } else if (userParam && productParam) {
    const conversation = conversations?.find(
      (c) => c.productId === productParam && otherParty(c, meId).id === userParam,
    );
    selection =
      userParam === meId
        ? { kind: 'hint', reason: 'self' }
        : { kind: 'thread', otherUserId: userParam, productId: productParam, conversation };
  } else if (userParam) {
    const conversation = conversations?.find((c) => otherParty(c, meId).id === userParam);
    if (userParam === meId) selection = { kind: 'hint', reason: 'self' };
    else if (conversation)
      selection = { kind: 'thread', otherUserId: userParam, productId: conversation.productId, conversation };
    else if (!conversations) selection = { kind: 'loading' };
    else selection = { kind: 'hint', reason: 'pick-product', userId: userParam };
  } else if (byProduct) {
    selection = {
      kind: 'thread',
      otherUserId: otherParty(byProduct, meId).id,
      productId: byProduct.productId,
      conversation: byProduct,
    };
  } else if (!conversations || product.isLoading || product.isFetching) {
    selection = { kind: 'loading' };
  } else if (!product.data) {
    selection = { kind: 'hint', reason: 'product-missing' };
  } else if (product.data.seller.id === meId) {
    selection = { kind: 'hint', reason: 'no-buyers' };
  } else {
    selection = { kind: 'thread', otherUserId: product.data.seller.id, productId: product.data.id };
  }

  // Pin a resolved thread in the URL, so a newer conversation arriving by polling does not switch it.
  const pinUser = selection.kind === 'thread' && !(userParam && productParam) ? selection.otherUserId : null;
  const pinProduct = selection.kind === 'thread' ? selection.productId : null;
  useEffect(() => {
    if (pinUser && pinProduct) setParams({ user: pinUser, product: pinProduct }, { replace: true });
  }, [pinUser, pinProduct, setParams]);

  const select = useCallback(
    (conversation: ConversationDto) =>
      setParams({ user: otherParty(conversation, meId).id, product: conversation.productId }),
    [meId, setParams],
  );
  const clear = useCallback(() => setParams({}), [setParams]);

  return { selection, hasTarget: Boolean(userParam || productParam), select, clear };
}
