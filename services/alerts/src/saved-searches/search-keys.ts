import { categoryFilterOf, MIN_PREFIX_LETTERS, toSearchWords, wordForms } from '@souvenir/contracts';

/** Longest key of a word: a listing's words are filed by their prefixes up to this length (matcher's SQL). */
export const MAX_KEY_LENGTH = 40;

/** SQL parameters of one statement, `$1`, `$2`, …, in order. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The tsquery of a search's words exactly as catalog builds it (`services/catalog/src/search/search-query.ts`,
 * `searchTsQuery` without `exact`): every word required, each word or one of its forms, words of MIN_PREFIX_LETTERS
 * or more as prefixes, stemmed (`english`) and accents folded. Null without words.
 */
export function wordsTsQuery(words: string[], params: Params): string | null {
  if (!words.length) return null;
  const lexeme = (form: string) => {
    const value = params.add(form);
    const prefix = [...form].length >= MIN_PREFIX_LETTERS;
    return `to_tsquery('english', '''' || replace(replace(alerts.immutable_unaccent(${value}), '\\', '\\\\'), '''', '''''') || ' ''${prefix ? ':*' : ''}')`;
  };
  const terms = words.map((word) => {
    const forms = wordForms(word).map(lexeme);
    return forms.length === 1 ? forms[0] : `(${forms.join(' || ')})`;
  });
  return `(${terms.join(' && ')})`;
}

/** What the `categories` filter stands for: sell categories, and the terms whose words a listing's text may hold. */
export function categoryParts(names: readonly string[]): { sellCategories: string[]; terms: string[][] } {
  const sellCategories = new Set<string>();
  const terms = new Map<string, string[]>();
  for (const name of names) {
    const filter = categoryFilterOf(name);
    filter.sellCategories.forEach((category) => sellCategories.add(category));
    if (filter.term) terms.set(filter.term, toSearchWords(filter.term) ?? []);
  }
  return { sellCategories: [...sellCategories], terms: [...terms.values()].filter((words) => words.length) };
}

/** The words of each form, for the lexemes Postgres makes of them (`anchorKeys`). */
export function formsOf(words: string[]): { word: number; form: string }[] {
  return words.flatMap((word, index) => wordForms(word).map((form) => ({ word: index, form })));
}

/**
 * The key a saved search is filed under: every match must hold it. Among words (each with the lexemes of its forms;
 * a stop word has none and drops out of the query), the one whose shortest lexeme is longest (rarer words make
 * fewer candidates); `w:<lexeme>` for each of its forms. Without words that carry a lexeme: the country, else the
 * categories' sell categories and one word of each term, else `*` (a price range or a condition alone).
 */
export function searchKeys(
  lexemesByWord: string[][][],
  filters: { country?: string | null; sellCategories: string[]; termLexemes: string[][][][] },
): string[] {
  const anchor = bestWord(lexemesByWord);
  if (anchor) return anchor;
  if (filters.country) return [`c:${filters.country}`];
  if (filters.sellCategories.length || filters.termLexemes.length) {
    const termKeys = filters.termLexemes.map(bestWord);
    // A term without a word that has a lexeme cannot be filed: the search is filed under everything instead.
    if (termKeys.some((keys) => !keys)) return ['*'];
    return [...new Set([...filters.sellCategories.map((c) => `k:${c}`), ...termKeys.flatMap((keys) => keys!)])];
  }
  return ['*'];
}

function bestWord(lexemesByWord: string[][][]): string[] | null {
  return bestWordAt(lexemesByWord)?.keys ?? null;
}

const wordKey = (lexeme: string) => `w:${[...lexeme].slice(0, MAX_KEY_LENGTH).join('')}`;

function bestWordAt(lexemesByWord: string[][][]): { keys: string[]; index: number } | null {
  let best: { keys: string[]; length: number; index: number } | null = null;
  for (const [index, forms] of lexemesByWord.entries()) {
    if (!forms.length || forms.some((lexemes) => !lexemes.length)) continue;
    const keys = forms.flat().map(wordKey);
    const length = Math.min(...forms.flat().map((lexeme) => lexeme.length));
    if (!best || length > best.length) best = { keys: [...new Set(keys)], length, index };
  }
  return best;
}

/**
 * A second key every match holds, beside the one the search is filed under: the key of another of its words, the
 * longest, among words of one form and one lexeme (a word of several forms or lexemes may be held as any of them).
 * The matcher drops a filed search whose second key the listing does not hold while reading the keys' index, before
 * reading the search itself: a search of two common words ("silver bowl") is filed under one of them, read for every
 * listing that holds it, and almost always dropped by this. Null when there is no such word.
 */
export function secondKey(lexemesByWord: string[][][]): string | null {
  const anchor = bestWordAt(lexemesByWord);
  if (!anchor) return null;
  let best: string | null = null;
  for (const [index, forms] of lexemesByWord.entries()) {
    if (index === anchor.index || forms.length !== 1 || forms[0].length !== 1) continue;
    const key = wordKey(forms[0][0]);
    if (!anchor.keys.includes(key) && (!best || key.length > best.length)) best = key;
  }
  return best;
}
