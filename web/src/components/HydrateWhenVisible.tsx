import { memo, Suspense, type ComponentType, type ReactNode } from 'react';

/** Per part: the wait for it to come near the screen, or 'open' once it may hydrate. */
const gates = new Map<string, Promise<void> | 'open'>();

/** How near the screen a part comes before it is hydrated (a fast scroll or a swipe should not reach it first). */
const MARGIN = '600px 0px';

/**
 * Suspends while the browser hydrates a server-rendered page and this part lies below the first screen, until it
 * comes near the screen. React leaves a part that suspends while hydrating as the server sent it (the same pixels,
 * links that work) and hydrates it once it resumes, so its work (the render, the commit, emotion's styles) is not
 * part of a phone's first load. Only the first attempt waits: when React tries the part again before it came near
 * (an update reached it, such as a new address), it hydrates there and then instead of being rendered anew, which
 * React would do by dropping the server's HTML. A tap on a control inside is held by first-tap.js as anywhere else.
 */
function Gate({ id, children }: { id: string; children: ReactNode }) {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') return children;
  const state = gates.get(id);
  if (state === 'open') return children;
  if (state) {
    gates.set(id, 'open');
    return children;
  }
  const element = document.querySelector(`[data-hydrate-when-visible="${id}"]`);
  if (!element || element.getBoundingClientRect().top < window.innerHeight) {
    // Rendered by the app itself (no server HTML to keep), or already in view.
    gates.set(id, 'open');
    return children;
  }
  const near = new Promise<void>((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
  });
  gates.set(id, near);
  throw near;
}

/**
 * A part of a server-rendered page below the first screen that needs no data, no props and nothing of the session
 * (static sections, the footer): hydrated when it comes near the screen (see Gate). Elsewhere it renders as usual.
 * Memoised with a component rather than an element, so that a render of the page around it does not reach it before
 * then (an element would be a new prop each time).
 */
export const HydrateWhenVisible = memo(function HydrateWhenVisible({
  id,
  part: Part,
}: {
  id: string;
  part: ComponentType;
}) {
  return (
    <Suspense fallback={null}>
      <div data-hydrate-when-visible={id}>
        <Gate id={id}>
          <Part />
        </Gate>
      </div>
    </Suspense>
  );
});
