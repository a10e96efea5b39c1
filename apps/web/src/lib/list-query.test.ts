import { EXPORT_PAGE_SIZE } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages, pageCount } from './list-query';

describe('pageCount', () => {
  it.each([
    [0, 1],
    [1, 1],
    [25, 1],
    [26, 2],
    [312, 13],
  ])('%i rows of 25 fill %i pages', (total, pages) => {
    expect(pageCount(total, 25)).toBe(pages);
  });
});

describe('fetchAllPages', () => {
  const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  it('asks page after page at the biggest size until it has the total', async () => {
    const total = EXPORT_PAGE_SIZE * 2 + 5;
    const fetchPage = vi.fn((page: number, limit: number) =>
      Promise.resolve({
        items: rows((page - 1) * limit, Math.min(limit, total - (page - 1) * limit)),
        total,
      }),
    );
    const { items } = await fetchAllPages(fetchPage);
    expect(items).toEqual(rows(0, total));
    expect(fetchPage.mock.calls).toEqual([
      [1, EXPORT_PAGE_SIZE],
      [2, EXPORT_PAGE_SIZE],
      [3, EXPORT_PAGE_SIZE],
    ]);
  });

  it('asks once for an exact page, and stops at an empty page when rows went away', async () => {
    const exact = vi.fn(() => Promise.resolve({ items: rows(0, EXPORT_PAGE_SIZE), total: 100 }));
    expect((await fetchAllPages(exact)).items).toHaveLength(EXPORT_PAGE_SIZE);
    expect(exact).toHaveBeenCalledTimes(1);

    const shrinking = vi.fn((page: number) =>
      Promise.resolve(
        page === 1 ? { items: rows(0, EXPORT_PAGE_SIZE), total: 150 } : { items: [], total: 90 },
      ),
    );
    expect(await fetchAllPages(shrinking)).toEqual({ items: rows(0, EXPORT_PAGE_SIZE), total: 90 });
  });
});
