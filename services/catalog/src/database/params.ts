/** Positional parameters for hand-written SQL: `add` binds a value and answers its placeholder (`$1`, `$2`, ...). */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A statement ready to send: its text and the values of its placeholders. */
export interface Statement {
  text: string;
  values: unknown[];
}
