import { adminListMessages, csvFileName, type ListNoun } from '@shop/shared';
import type { ListPage } from './api-client';
import { toCsv, type CsvColumn } from './csv';
import { fetchAllPages } from './list-query';
import { saveFile } from './save-file';

/**
 * Exports every row of a list that matches its current search and filters (all pages, not only
 * the one on screen) as `<noun.many>-<day>.csv`, and says how it went.
 */
export interface ListExport<T, R = T> {
  /** What the rows are; `noun.many` names the file: `orders-2026-11-25.csv`. */
  noun: ListNoun;
  columns: readonly CsvColumn<R>[];
  fetchPage: (page: number, limit: number) => Promise<ListPage<T>>;
  /** The CSV rows of one item (an order's lines); without it, one row per item (R is T). */
  rowsOf?: ((item: T) => readonly R[]) | undefined;
}

export async function exportList<T, R = T>({
  noun,
  columns,
  fetchPage,
  rowsOf,
}: ListExport<T, R>): Promise<string> {
  const { items, total } = await fetchAllPages(fetchPage);
  const name = csvFileName(noun.many, new Date());
  // Without `rowsOf`, R is T (its default): each item is its own row.
  const rows = rowsOf ? items.flatMap(rowsOf) : (items as readonly unknown[] as readonly R[]);
  saveFile(new Blob([await toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), name);
  const done = adminListMessages.exported(items.length, noun, name);
  return items.length === total ? done : `${done} ${adminListMessages.exportChanged}`;
}
