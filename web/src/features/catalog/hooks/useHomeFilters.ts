import { useCallback, useId, useRef, useState, useSyncExternalStore } from 'react';
import { CONDITIONS, CONTENTS, type Condition, type Contents } from '@souvenir/contracts';
import { useLocation, useSearchParams } from 'react-router';

/** Every filter of Home's results, as the page shows them (prices as typed). */
export interface HomeFilters {
  search: string;
  country: string;
  minPrice: string;
  maxPrice: string;
  /** Browse names (CATEGORY_FILTERS) or sell categories, as the `categories` query takes them. */
  categories: string[];
  condition: Condition | '';
  /** A seller location; '' for any. */
  location: string;
  /** The Contents facet: products containing any of these. */
  contents: Contents[];
  /** Only products whose receipt or customs declaration is attached (or checked). */
  documentedOrigin: boolean;
  /** Only what ships within this country; '' for anywhere. */
  shipsTo: string;
}

export const NO_FILTERS: HomeFilters = {
  search: '',
  country: '',
  minPrice: '',
  maxPrice: '',
  categories: [],
  condition: '',
  location: '',
  contents: [],
  documentedOrigin: false,
  shipsTo: '',
};

const SINGLE_KEYS = ['search', 'country', 'minPrice', 'maxPrice', 'condition', 'location', 'shipsTo'] as const;

function readFilters(params: URLSearchParams): HomeFilters {
  const condition = params.get('condition') ?? '';
  return {
    search: params.get('search') ?? '',
    country: params.get('country') ?? '',
    minPrice: params.get('minPrice') ?? '',
    maxPrice: params.get('maxPrice') ?? '',
    // Repeated or comma-separated, like the API's `categories`; names never contain commas.
    categories: [
      ...new Set(
        params
          .getAll('categories')
          .flatMap((value) => value.split(','))
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ],
    condition: (CONDITIONS as readonly string[]).includes(condition) ? (condition as Condition) : '',
    location: params.get('location') ?? '',
    contents: [
      ...new Set(
        params
          .getAll('contents')
          .flatMap((value) => value.split(','))
          .filter((v): v is Contents => (CONTENTS as readonly string[]).includes(v)),
      ),
    ],
    documentedOrigin: params.get('documentedOrigin') === 'true',
    shipsTo: params.get('shipsTo') ?? '',
  };
}

function toParams(filters: HomeFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of SINGLE_KEYS) if (filters[name].trim()) params.set(name, filters[name]);
  for (const category of filters.categories) params.append('categories', category);
  for (const item of filters.contents) params.append('contents', item);
  if (filters.documentedOrigin) params.set('documentedOrigin', 'true');
  return params;
}

/**
 * Home's filters, mirrored in the URL (`?search=&country=&categories=&minPrice=&maxPrice=&condition=&location=`), so
 * every active filter can be shown and cleared, a Categories card can link to its results, and a search can be
 * shared and reloaded. The fields render from this hook's own state, not from the URL: React Router commits a
 * navigation in a transition, after the event, so URL-controlled fields would spring back (a checkbox) or lose
 * what was typed between two commits. A navigation this hook did not make itself (a link, Back, the header search,
 * the hero's form) is read from the URL. Typing replaces the history entry; a new search or "Clear all" pushes one.
 */
export function useHomeFilters() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const self = useId();
  const [state, setState] = useState(() => ({ locationKey: location.key, filters: readFilters(params) }));
  let filters = state.filters;
  if (state.locationKey !== location.key) {
    const mine = (location.state as { homeFiltersBy?: string } | null)?.homeFiltersBy === self;
    filters = mine ? state.filters : readFilters(params);
    setState({ locationKey: location.key, filters });
  }
  // The latest filters for `update`, so two changes in one tick (min, then max) both stay.
  const latest = useRef(filters);
  latest.current = filters;

  const update = useCallback(
    (changes: Partial<HomeFilters>, options: { push?: boolean } = {}) => {
      const next = { ...latest.current, ...changes };
      latest.current = next;
      setState((current) => ({ ...current, filters: next }));
      setParams(toParams(next), { replace: !options.push, preventScrollReset: true, state: { homeFiltersBy: self } });
    },
    [setParams, self],
  );

  // Home's HTML is prerendered without a query string and hydrated whatever the URL's: while hydrating, the page
  // shows what the prerender shows (no filters), then the URL's filters, so `/?search=…` is no hydration mismatch.
  // Without a query string the two are the same, and saying so spares the second, blocking render of all of Home
  // that React runs after hydrating when the two snapshots differ.
  const hydrated = useSyncExternalStore(noSubscription, () => true, hydratingWithoutQuery);
  return { filters: hydrated ? filters : NO_FILTERS, update };
}

const noSubscription = () => () => undefined;
// The prerender (no window) renders no filters; a browser hydrating `/` without a query string has none either.
const hydratingWithoutQuery = () => typeof window !== 'undefined' && !window.location.search;

/** The filters of the drawer (price range, categories, condition, location): the number on "Filters (n)". */
export function countPanelFilters(filters: HomeFilters): number {
  return (
    (filters.minPrice || filters.maxPrice ? 1 : 0) +
    filters.categories.length +
    (filters.condition ? 1 : 0) +
    (filters.location ? 1 : 0) +
    filters.contents.length +
    (filters.documentedOrigin ? 1 : 0) +
    (filters.shipsTo ? 1 : 0)
  );
}

/** The price range is impossible when both ends are numbers and the minimum is above the maximum. */
export function isImpossibleRange(minPrice: string, maxPrice: string): boolean {
  const min = Number.parseFloat(minPrice);
  const max = Number.parseFloat(maxPrice);
  return Number.isFinite(min) && Number.isFinite(max) && min > max;
}
