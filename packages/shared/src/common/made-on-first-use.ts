/**
 * A value made on first use and kept: for an Intl formatter (dates, sorting), which must not be
 * built while a module loads (format.ts says why; the lint rule `no-restricted-syntax` in
 * eslint.config.js refuses one at a module's top level).
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: [T] | undefined;
  return () => (made ??= [make()])[0];
}
