import type { Compilable } from 'kysely';

/** What a placeholder parameter looks like while a query is built once. */
const MARK = '\u0000precompiled:';

/**
 * A query built and compiled once, run many times with new values: Kysely builds and compiles
 * a query on every call, which costs more than SQLite takes to run a small one. The SQL stays
 * written once, with Kysely's builder; only the values change.
 */
export interface Precompiled<P> {
  readonly sql: string;
  /** The statement's parameters for these values, in the order the SQL binds them. */
  parameters(values: P): unknown[];
}

/**
 * Builds the query with a placeholder for each of `names`, so the compiled parameters tell
 * which value goes where. The build must use each value as a value only (no `if` on it): the
 * placeholders are not the values. Constants of the query stay as they were compiled.
 */
export function precompile<P extends Record<string, unknown>>(
  names: readonly (keyof P & string)[],
  build: (params: P) => Compilable,
): Precompiled<P> {
  // Placeholders stand for values of any type here, which is the point of them.
  const placeholders = Object.fromEntries(
    names.map((name) => [name, `${MARK}${name}`]),
  ) as unknown as P;
  const compiled = build(placeholders).compile();
  const slots = compiled.parameters.map((value): { name: keyof P } | { constant: unknown } =>
    typeof value === 'string' && value.startsWith(MARK)
      ? { name: value.slice(MARK.length) }
      : { constant: value },
  );
  const missing = names.filter(
    (name) => !slots.some((slot) => 'name' in slot && slot.name === name),
  );
  if (missing.length > 0) {
    throw new Error(`precompile: ${missing.join(', ')} not bound in ${compiled.sql}`);
  }
  return {
    sql: compiled.sql,
    parameters: (values) =>
      slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant)),
  };
}
