/**
 * A value made the first time anything touches it, not when its module runs. A machine made at
 * module scope costs a page's first tasks its whole construction (every state and transition,
 * some milliseconds each on a phone) whether the page ever starts it or not; an actor made there
 * would also read storage before the page is hydrated. The stand-in forwards every property
 * (methods bound to the made value) and `instanceof`.
 */
export function onFirstUse<T extends object>(create: () => T): T {
  let made: T | undefined
  const value = (): T => {
    made ??= create()
    return made
  }
  const bound = new Map<PropertyKey, unknown>()
  return new Proxy({} as T, {
    get(_, key) {
      const property: unknown = Reflect.get(value(), key, value())
      if (typeof property !== 'function') return property
      if (!bound.has(key)) bound.set(key, property.bind(value()))
      return bound.get(key)
    },
    has: (_, key) => Reflect.has(value(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  })
}
