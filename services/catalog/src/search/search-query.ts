import type { Params } from '../database/params';
import { MIN_PREFIX_LETTERS } from '@souvenir/contracts';
import { wordForms, type SearchTier } from './product-search';

/** Most lexemes a prefix is replaced by (`searchTsQuery`'s `exact`); a prefix that more lexemes start with stays one. */
const MAX_EXACT_LEXEMES = 64;

/**
 * The tsquery of the search: every word of MIN_PREFIX_LETTERS or more a prefix, all required, stemmed (`english`) and
 * accents folded as in the index, each word or one of its forms (`wordForms`: scarves or scarf). Each form is
 * unaccented on its own and only then quoted as a lexeme (`'` doubled, `\` escaped), so what unaccent makes of a
 * letter or digit (`⑴` → `(1)`, `ː` → `:`, `ʼ` → `'`) is text, never tsquery syntax; a word that folds to no lexeme
 * (or a stop word: "the") drops out of the query (the space before the closing quote keeps an empty word from being
 * `''`, a syntax error). Immutable functions of the parameters only, so Postgres folds the whole expression to a
 * constant when it plans.
 *
 * `exact`, for a query a GIN index reads (over active products only): the prefix of each form of ASCII letters and
 * digits (one parser token, so one prefix term) is replaced by the lexemes that active products hold and that start
 * with it, OR'ed, from `catalog.search_lexemes` (migration 1735800000000-search-lexeme-counts, exact in the
 * statement's snapshot). The same active products match, but GIN reads a prefix by collecting every match of every
 * lexeme starting with it into a bitmap before it intersects the words, several times the work of reading exact
 * lexemes. A prefix that no active product holds, or that more than MAX_EXACT_LEXEMES lexemes start with, stays a
 * prefix. The replacement is a subquery (an InitPlan, run once per statement), so Postgres estimates its matches with
 * its default selectivity rather than the words' statistics.
 */
export function searchTsQuery(words: string[], params: Params, { exact = false }: { exact?: boolean } = {}): string {
  const lexeme = (form: string) => {
    const value = params.add(form);
    // A word of one or two letters is a whole word, not a prefix: "a" or "ca" as prefixes match most products, and
    // the index would hand over every one of them to be counted.
    const prefix = [...form].length >= MIN_PREFIX_LETTERS;
    const query = `to_tsquery('english', '''' || replace(replace(catalog.immutable_unaccent(${value}), '\\', '\\\\'), '''', '''''') || ' ''${prefix ? ':*' : ''}')`;
    if (!exact || !prefix || !/^[a-z0-9]+$/i.test(form)) return query;
    return `COALESCE((SELECT string_agg('''' || replace(replace(l.lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery
                        FROM catalog.search_lexemes l
                       WHERE l.lexeme ^@ (tsvector_to_array(to_tsvector('english', ${value})))[1] AND l.active > 0
                      HAVING count(*) <= ${MAX_EXACT_LEXEMES}), ${query})`;
  };
  const terms = words.map((word) => {
    const forms = wordForms(word).map(lexeme);
    return forms.length === 1 ? forms[0] : `(${forms.join(' || ')})`;
  });
  return `(${terms.join(' && ')})`;
}

/** A match anywhere: title, category, country or description (of the products row named `alias`). */
export const matchesAnywhere = (query: string, alias = 'p') => `${alias}.search_doc @@ ${query}`;

/**
 * The condition of one ranked tier for a tsquery expression (each tier's tsvector has its own GIN index): every
 * word in the title (2); in the title, category or country but not all in the title (1); anywhere else (0).
 */
export function tierCondition(tier: SearchTier, query: string, alias = 'p'): string {
  switch (tier) {
    case 2:
      return `${alias}.title_doc @@ ${query}`;
    case 1:
      return `${alias}.label_doc @@ ${query} AND NOT ${alias}.title_doc @@ ${query}`;
    case 0:
      return `${alias}.search_doc @@ ${query} AND NOT ${alias}.label_doc @@ ${query}`;
  }
}

/** The tier of a row already known to match anywhere: the same tiers as `tierCondition`, as one expression. */
export const tierOf = (query: string) =>
  `CASE WHEN p.title_doc @@ ${query} THEN 2 WHEN p.label_doc @@ ${query} THEN 1 ELSE 0 END`;

/** Whether `lowerBoundProven` attempts a proof for these words: one word of ASCII letters and digits. */
export const provesLowerBound = (words: string[]) => words.length === 1 && /^[a-z0-9]+$/i.test(words[0]);

/**
 * A condition true only when at least `atLeast` active products match the words, proven from
 * `catalog.search_lexemes` (migration 1735800000000-search-lexeme-counts) without reading products: some lexeme
 * that at least `atLeast` active products hold is matched by the words' query on its own (`{lexeme} @@ query`). A
 * tsquery of terms joined by & and | only is monotone, so every product holding that lexeme matches too, and the
 * count past the bound is exact. Null when no such proof is attempted: several words (one lexeme rarely matches
 * two words), or a word of anything but ASCII letters and digits, whose forms are then one parser token each (a
 * word unaccent turns into punctuation would be parsed into a phrase, `<->`, which a lexeme alone does not prove).
 * The lexemes looked at are those starting like the word (a btree range): the stemmer keeps a word's first letters,
 * and a lexeme missed by that range only costs the proof, never the answer, which the count then gives.
 */
export function lowerBoundProven(words: string[], atLeast: string, params: Params): string | null {
  if (!provesLowerBound(words)) return null;
  const start = words[0].toLowerCase().slice(0, MIN_PREFIX_LETTERS);
  return `EXISTS (SELECT 1 FROM catalog.search_lexemes l
                  WHERE l.lexeme ^@ ${params.add(start)} AND l.active >= ${atLeast}
                    AND array_to_tsvector(ARRAY[l.lexeme]) @@ ${searchTsQuery(words, params)})`;
}

/**
 * A condition true only when no active product matches the words, proven from `catalog.search_lexemes` without
 * reading products: some word is a prefix whose lexeme no active product holds a lexeme starting like. The words
 * are all required, so one such word leaves nothing to match, whatever the filters. `inTitles`: the same of the
 * products' titles (`in_titles`, migration 1736800000000), so a ranked search's first tier is empty. Only words the
 * query reads as one prefix term qualify (ASCII letters and digits, MIN_PREFIX_LETTERS or more, one form:
 * `wordForms`); the lexeme is the one that term carries, as `searchTsQuery`'s `exact` reads it, and a stop word,
 * which drops out of the query, has none and proves nothing. Null when no word qualifies.
 */
export function noMatchProven(words: string[], params: Params, { inTitles = false } = {}): string | null {
  const held = inTitles ? 'in_titles' : 'active';
  const absent = words
    .filter((word) => /^[a-z0-9]+$/i.test(word) && word.length >= MIN_PREFIX_LETTERS && wordForms(word).length === 1)
    .map((word) => {
      const lexeme = `(tsvector_to_array(to_tsvector('english', ${params.add(word)}::text)))[1]`;
      return `(${lexeme} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM catalog.search_lexemes l
                                                   WHERE l.lexeme ^@ ${lexeme} AND l.${held} > 0))`;
    });
  return absent.length ? `(${absent.join(' OR ')})` : null;
}

/** A search's match condition: within one ranked tier, or anywhere (`undefined`: a search sorted otherwise). */
export type TierMatch = SearchTier | undefined;
