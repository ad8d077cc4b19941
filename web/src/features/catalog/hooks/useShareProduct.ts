import { useToast } from '../../../hooks/useToast';

/** Native share where available, else copy the link (spec: share falls back to copying). */
export function useShareProduct() {
  const toast = useToast();
  return async (title: string) => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied to clipboard!', description: 'Share this product with others' });
    } catch {
      toast({ title: 'Unable to share', description: 'Please copy the URL manually', variant: 'error' });
    }
  };
}
