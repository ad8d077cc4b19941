/** A request/reply subject's request and reply types. */
export type Contract<Req, Res> = { request: Req; response: Res };

/** Answer of a command that returns nothing. */
export interface Done {
  ok: true;
}
