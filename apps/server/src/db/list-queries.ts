import { DEFAULT_PAGE_SIZE } from '@shop/shared';
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * What the searchable lists (DESIGN.md section 10) share in SQL: which rows a page is, a
 * case-insensitive substring match that takes the user's text literally, and a page read
 * together with the number of matches. The same SQL on SQLite and PostgreSQL.
 */

/** The rows of one page: `limit` of them after skipping `offset`. */
export interface ListWindow {
  limit: number;
  offset: number;
}

/**
 * The page a list query asks for: every match without `page` or `limit`; a lone `limit` is the
 * first N; `page` without `limit` is a page of DEFAULT_PAGE_SIZE.
 */
export function listWindow({
  page,
  limit,
}: {
  page?: number | undefined;
  limit?: number | undefined;
}): ListWindow | undefined {
  if (page === undefined && limit === undefined) return undefined;
  const size = limit ?? DEFAULT_PAGE_SIZE;
  return { limit: size, offset: ((page ?? 1) - 1) * size };
}

/** `LIKE`'s wildcards and its escape character, each escaped so the text matches itself. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A matcher of `text` anywhere in a column, case-insensitively; `%`, `_` and `\` in the text
 * are ordinary characters. Both sides go through the database's own `lower`, so the two always
 * agree (SQLite folds ASCII letters only, PostgreSQL every letter). A null column matches nothing.
 */
export function containsText(
  text: string,
): (column: Expression<string | null>) => RawBuilder<boolean> {
  const pattern = `%${likeLiteral(text)}%`;
  // The cast: PostgreSQL would not know which `lower` an untyped parameter means.
  return (column) =>
    sql<boolean>`lower(${column}) like lower(cast(${pattern} as text)) escape '\\'`;
}

/** The column a page's rows carry their total in; removed before the rows are returned. */
const TOTAL = 'list_total_count';

/**
 * One page of `matching` (filtered and ordered, not limited) and how many rows match in all.
 * The total rides along on every row (a window count), so page and total are one consistent
 * read; only a page past the end, which has no row to carry it, counts again.
 */
export async function readPage<DB, TB extends keyof DB, O extends object>(
  matching: SelectQueryBuilder<DB, TB, O>,
  window: ListWindow | undefined,
): Promise<{ rows: O[]; total: number }> {
  type Counted = O & Record<typeof TOTAL, number | string>;
  const counted = matching.select(sql<number | string>`count(*) over ()`.as(TOTAL));
  // Kysely cannot follow the added column through the generic row type: it is there.
  const found = (await (
    window ? counted.limit(window.limit).offset(window.offset) : counted
  ).execute()) as unknown as Counted[];
  const rows = found.map(({ [TOTAL]: _total, ...row }) => row as unknown as O);
  const [first] = found;
  if (first) return { rows, total: Number(first[TOTAL]) };
  if (!window || window.offset === 0) return { rows, total: 0 };
  const counting = matching
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as('total'));
  const { total } = (await counting.executeTakeFirstOrThrow()) as { total: number | string };
  return { rows, total: Number(total) };
}
