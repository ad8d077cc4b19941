import type { Statement } from '../database/params';

/*
 * "Did you mean": only when a search's first page finds nothing, each word that no known term (a word of titles,
 * categories and countries, `catalog.search_terms`) starts with is replaced by the nearest known term within a typo's
 * distance; the service answers the suggestion only if it finds something with the same filters.
 */

/**
 * Edit distance with adjacent transpositions (optimal string alignment): "japn" → "japan" is 1, and so is
 * "scraf" → "scarf", which trigram similarity alone ranks poorly.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[rows - 1][cols - 1];
}

/** How far a typo may be from the word meant: one edit in a short word, two from five letters. */
export function maxTypoDistance(word: string): number {
  return word.length >= 5 ? 2 : 1;
}

/** A known term near a word that found nothing, as `nearestTerms` answers it. */
export interface NearTerm {
  term: string;
  /** How many listings use it. */
  uses: number;
  /** Whether it stems as the word does (Postgres's english stemmer: "homes" and "home"), so it matches the same. */
  sameStem: boolean;
}

/**
 * The known term a typo most likely stands for, among the nearest by trigrams: the fewest edits, then the most used.
 * None when every candidate is too far, or when the nearest stems as the word does (its own plural or singular,
 * which stemming already matched: not a typo, and the suggestion would find the same nothing).
 */
export function correctWord(word: string, candidates: NearTerm[]): string | null {
  let best: (NearTerm & { distance: number }) | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate.term);
    if (distance > maxTypoDistance(word)) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate.uses > best.uses))
      best = { ...candidate, distance };
  }
  return best && !best.sameStem ? best.term : null;
}

/** A word of a search as `nearestTerms` answers it: folded as the index folds it, known or with its nearest terms. */
export interface NearestWord {
  word: string;
  folded: string;
  known: boolean;
  nearest: NearTerm[];
}

/**
 * The search corrected: each word no known term starts with replaced by the term it most likely stands for (kept when
 * none is near). Null when no word could be corrected: a search whose words are all known (they just never meet) gets
 * no suggestion.
 */
export function correctedWords(words: NearestWord[]): string[] | null {
  const corrected = words.map((w) => (w.known ? null : correctWord(w.folded, w.nearest)));
  if (corrected.every((c) => c === null)) return null;
  return words.map((w, i) => corrected[i] ?? w.word);
}

/**
 * For each word (in order): the word folded as the index folds it, whether a known term starts with it, and, when
 * none does, the nearest known terms by trigram distance with how many listings use each and whether each stems as
 * the word does (its plural or singular, which matches the same products: not a typo) ("Did you mean").
 */
export function nearestTerms(words: string[]): Statement {
  return {
    text: `SELECT w.word, f.folded, k.known,
              CASE WHEN k.known THEN '[]'::json ELSE COALESCE((
                SELECT json_agg(json_build_object('term', t.term, 'uses', t.uses, 'sameStem',
                         tsvector_to_array(to_tsvector('english', t.term)) = tsvector_to_array(to_tsvector('english', f.folded))))
                  FROM (SELECT term, uses FROM catalog.search_terms ORDER BY term <-> f.folded LIMIT 8) t), '[]'::json) END AS nearest
         FROM unnest($1::text[]) WITH ORDINALITY w(word, ord)
        CROSS JOIN LATERAL (SELECT lower(catalog.immutable_unaccent(w.word)) AS folded) f
        CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM catalog.search_terms t WHERE t.term ^@ f.folded) AS known) k
        ORDER BY w.ord`,
    values: [words],
  };
}
