/** A service's declarations by name (`defineRpc`, `defineEvents`), each naming its own subject. */
type SubjectTable = Readonly<Record<string, { readonly subject: string }>>;
/** Every service's table, by service name. */
export type SubjectTables = Readonly<Record<string, SubjectTable>>;

/** Every declaration of every service, as one union. */
export type DeclarationOf<T extends SubjectTables> = { [Service in keyof T]: T[Service][keyof T[Service]] }[keyof T];

/** `{ <service>: { <name>: subject } }`, what code names subjects by (`RPC.catalog.getProduct`). */
export type SubjectsByService<T extends SubjectTables> = {
  readonly [Service in keyof T]: { readonly [Name in keyof T[Service]]: T[Service][Name]['subject'] };
};

export function subjectsByService<T extends SubjectTables>(tables: T): SubjectsByService<T> {
  const entries = Object.entries(tables).map(([service, table]) => [
    service,
    Object.fromEntries(Object.entries(table).map(([name, declaration]) => [name, declaration.subject])),
  ]);
  return Object.fromEntries(entries) as SubjectsByService<T>;
}

/**
 * Every declaration keyed by its subject, with `pick` applied. Two declarations of one subject would make one of them
 * unreachable, so that throws when the module loads.
 */
export function bySubject<T extends SubjectTables, V>(
  tables: T,
  pick: (declaration: DeclarationOf<T>) => V,
): Record<string, V> {
  const result: Record<string, V> = {};
  for (const table of Object.values(tables)) {
    for (const declaration of Object.values(table) as DeclarationOf<T>[]) {
      if (Object.hasOwn(result, declaration.subject))
        throw new Error(`Subject ${declaration.subject} is declared twice`);
      result[declaration.subject] = pick(declaration);
    }
  }
  return result;
}
