/**
 * Whether a write failed on a unique index, on either dialect: PostgreSQL names the index
 * (`23505` with `constraint`), SQLite names the column (`UNIQUE constraint failed: table.column`),
 * or the index when it is on an expression.
 * The index, not a read before the write, is what keeps two concurrent writes from both passing.
 */
export function isUniqueViolation(
  error: unknown,
  target: { index: string; table: string; column: string },
): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code === '23505') return constraint === target.index;
  // An index on an expression (`lower(sku)`) is named by SQLite as `index '<name>'`.
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    typeof message === 'string' &&
    (message.includes(`${target.table}.${target.column}`) ||
      message.includes(`index '${target.index}'`))
  );
}
