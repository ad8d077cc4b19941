/**
 * A stand-in for an object a suite's `beforeAll` creates, so that the suite's helper can hand it out when it is
 * called at the top level of the spec: property reads (methods bound to the real object) reach whatever `get`
 * answers at the time; reading one while `get` answers undefined throws `${name} is used before the suite's
 * beforeAll ran`.
 */
export function standIn<T extends object>(get: () => T | undefined, name: string): T {
  const target = (): T => {
    const value = get();
    if (value === undefined) throw new Error(`${name} is used before the suite's beforeAll ran`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, property) {
      const real = target();
      const value: unknown = Reflect.get(real, property);
      return typeof value === 'function' ? value.bind(real) : value;
    },
    has: (_, property) => property in target(),
  });
}
