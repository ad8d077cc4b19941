/** A request/reply subject's request and reply types. */
export type Contract<Req, Res> = { request: Req; response: Res };

/** Answer of a command that returns nothing. */
export interface Done {
  ok: true;
}

/** One request/reply subject, declared once: its name, the class its requests are validated against, its reply. */
export interface RpcDefinition<Subject extends string = string, Request extends object = object, Reply = unknown> {
  readonly subject: Subject;
  readonly request: new () => Request;
  /** Never set: it only carries the reply type to the compiler. */
  readonly reply?: Reply;
}

/**
 * Declares a subject with its request class; `.returns<Reply>()` names the reply type (a type has no value, so it
 * is given apart from the arguments): `rpc('catalog.product.get', GetProductRequest).returns<ProductDto>()`.
 */
export function rpc<const Subject extends string, Request extends object>(
  subject: Subject,
  request: new () => Request,
): { returns<Reply>(): RpcDefinition<Subject, Request, Reply> } {
  return { returns: () => ({ subject, request }) };
}

/**
 * A service's request/reply subjects, by the name code uses (`RPC.<service>.<name>`). Each subject must start with
 * `<service>.` (the service answers it in its queue group): one that does not, does not compile.
 */
export function defineRpc<
  const Service extends string,
  const Table extends Readonly<Record<string, RpcDefinition<`${Service}.${string}`>>>,
>(_service: Service, table: Table): Table {
  return table;
}

/** The request and reply types an `rpc(...)` declaration carries. */
export type ContractOf<D> = D extends RpcDefinition<string, infer Req, infer Res> ? Contract<Req, Res> : never;
