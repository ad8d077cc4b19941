/**
 * How a read model fed by its owner's events fills what it misses: a row whose event is still on the way, or that
 * was never sent because it predates the read model.
 */
export interface ReadModelFill<Row extends { id: string }, Answer> {
  /** The rows the read model holds among `ids` that can answer already (a row missing a field counts as missing). */
  held(ids: string[]): Promise<Row[]> | Row[];
  /** One request to the owner for every missing id; an id the owner does not know is left out of the answer. */
  ask(missing: string[]): Promise<Answer[]>;
  /** Stores the answers, leaving a row an event wrote meanwhile as the event wrote it; answers the rows stored. */
  store(answers: Answer[]): Promise<Row[]>;
}

export interface Filled<Row> {
  /** Every row found, held or fetched, by lower-case id (Postgres answers uuids in lower case). */
  rows: Map<string, Row>;
  /** The ids asked for that neither the read model nor its owner knows, as they were given. */
  unknown: string[];
}

/**
 * The rows of `ids`, asking the owner once for all the read model misses, so that a page of N rows unknown to the
 * read model costs one request, not N. The stored rows keep the next event applicable (see `store`): the read model
 * stays the events' copy, only sooner.
 */
export async function fillOnMiss<Row extends { id: string }, Answer>(
  ids: Iterable<string>,
  fill: ReadModelFill<Row, Answer>,
): Promise<Filled<Row>> {
  const wanted = [...new Set(ids)];
  const rows = byId(await fill.held(wanted));
  const missing = [...new Set(wanted.map(lower))].filter((id) => !rows.has(id));
  if (missing.length) {
    const answers = await fill.ask(missing);
    if (answers.length) for (const [id, row] of byId(await fill.store(answers))) rows.set(id, row);
  }
  return { rows, unknown: wanted.filter((id) => !rows.has(lower(id))) };
}

function lower(id: string): string {
  return id.toLowerCase();
}

function byId<Row extends { id: string }>(rows: Row[]): Map<string, Row> {
  return new Map(rows.map((row) => [lower(row.id), row]));
}
