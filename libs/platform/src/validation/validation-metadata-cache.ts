import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = ReturnType<Storage['getTargetValidationMetadatas']>[number];
type Grouped = Record<string, ValidationMetadata[]>;

const CACHED = Symbol.for('souvenir.validationMetadataCache');

/**
 * Remembers class-validator's answer to "which rules apply to this class" between validations. class-validator
 * works it out again for every object it checks (each request, each nested object): it filters the class's rules
 * and tests the class against every class that has rules (`prototype instanceof`), a cost that grows with the
 * number of contract classes loaded and was a visible share of the services' CPU per request. The rules only
 * change when a decorator or a schema adds one (at module load), so the remembered answers are dropped whenever
 * one is added, and kept only for validations without groups (ours use none; with groups the answer depends on
 * the groups array, and it is computed as before). What is checked, and the errors produced, are unchanged: the
 * same lists of rules, in the same order. The storage is class-validator's global one, shared by every copy of
 * the library in the process, so it is patched once.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const patched = storage as Storage & { [CACHED]?: true };
  if (patched[CACHED]) return;
  patched[CACHED] = true;

  const targetRules = storage.getTargetValidationMetadatas.bind(storage);
  const groupByProperty = storage.groupByPropertyName.bind(storage);
  // Per class (or schema name), per `always` and `strictGroups`: the rules found.
  let rules = new Map<unknown, Map<string, ValidationMetadata[]>>();
  // Per list of rules (the very array remembered above): the same rules grouped by property.
  let grouped = new WeakMap<ValidationMetadata[], Grouped>();
  const forget = () => {
    rules = new Map();
    grouped = new WeakMap();
  };

  for (const method of ['addValidationMetadata', 'addValidationSchema', 'addConstraintMetadata'] as const) {
    const add = (storage[method] as (arg: unknown) => void).bind(storage);
    (storage as unknown as Record<string, (arg: unknown) => void>)[method] = (arg: unknown) => {
      forget();
      add(arg);
    };
  }

  storage.getTargetValidationMetadatas = (
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator's own signature
    targetConstructor: Function,
    targetSchema: string,
    always: boolean,
    strictGroups: boolean,
    groups?: string[],
  ): ValidationMetadata[] => {
    if (groups && groups.length > 0) return targetRules(targetConstructor, targetSchema, always, strictGroups, groups);
    let byOptions = rules.get(targetConstructor);
    if (!byOptions) rules.set(targetConstructor, (byOptions = new Map()));
    const key = `${String(targetSchema)}\u0000${always}\u0000${strictGroups}`;
    let found = byOptions.get(key);
    if (!found) {
      found = targetRules(targetConstructor, targetSchema, always, strictGroups, groups);
      byOptions.set(key, found);
    }
    return found;
  };

  storage.groupByPropertyName = (metadata: ValidationMetadata[]): Grouped => {
    let byProperty = grouped.get(metadata);
    if (!byProperty) {
      byProperty = groupByProperty(metadata);
      grouped.set(metadata, byProperty);
    }
    return byProperty;
  };
}
