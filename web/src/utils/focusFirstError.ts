/**
 * Scrolls to and focuses the first field of `form`, in page order, whose name has an error: after a failed submit
 * the person sees what to fix, even when it is far below (the photos) or above (the title) the submit button.
 * An MUI select keeps its name on a hidden input; its visible combobox (just before it) takes the focus instead.
 */
export function focusFirstError(form: HTMLFormElement | null, errors: Partial<Record<string, unknown>>): void {
  if (!form) return;
  const named = Array.from(
    form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]'),
  );
  const first = named.find((element) => errors[element.name] !== undefined);
  if (!first) return;
  const target =
    first.getAttribute('aria-hidden') === 'true' && first.previousElementSibling instanceof HTMLElement
      ? first.previousElementSibling
      : first;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  // Centred, so the sticky header never covers it.
  target.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
}
