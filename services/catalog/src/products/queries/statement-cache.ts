import type { QueryResultRow } from 'pg';
import { PreparedStatement } from '@souvenir/platform';

/**
 * Named prepared statements for texts built at run time, one per distinct text. Postgres plans a prepared statement
 * once per connection instead of on every call, which only pays when the best plan never depends on the values:
 * true of Home's unfiltered pages (each walks its sort's index whatever the cursor: one text per sort, first page
 * or after a cursor, eight in all), false of filtered and searched pages, which must keep a plan per call. Each
 * text is named once per process (`<prefix>-1`, `-2`, ...), so a name never stands for two texts on a connection.
 */
export class PreparedStatementsByText<Row extends QueryResultRow> {
  private readonly statements = new Map<string, PreparedStatement<Row>>();

  constructor(private readonly namePrefix: string) {}

  get(text: string): PreparedStatement<Row> {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = new PreparedStatement<Row>(`${this.namePrefix}-${this.statements.size + 1}`, text);
      this.statements.set(text, statement);
    }
    return statement;
  }
}
