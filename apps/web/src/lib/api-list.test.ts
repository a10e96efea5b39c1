import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../test/api-mock';
import { ApiRequestError } from './api-client';
import { apiFetchList } from './api-list';

const list = (body: unknown, total?: string) =>
  new Response(JSON.stringify(body), {
    headers: {
      'content-type': 'application/json',
      ...(total !== undefined && { 'x-total-count': total }),
    },
  });

describe('apiFetchList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads the page's items and the total of every page from X-Total-Count", async () => {
    stubApi({ 'GET /api/products?page=2&limit=2': () => list([{ a: 1 }, { a: 2 }], '7') });
    expect(await apiFetchList('/products?page=2&limit=2')).toEqual({
      items: [{ a: 1 }, { a: 2 }],
      total: 7,
    });
  });

  it('counts the items when the header is missing or not a count', async () => {
    stubApi({
      'GET /api/a': () => list([1, 2, 3]),
      'GET /api/b': () => list([1], 'many'),
      'GET /api/c': () => list([1], '-4'),
    });
    expect((await apiFetchList('/a')).total).toBe(3);
    expect((await apiFetchList('/b')).total).toBe(1);
    expect((await apiFetchList('/c')).total).toBe(1);
  });

  it("fails as every call does, with the server's message", async () => {
    stubApi({
      'GET /api/products?sort=x': () => apiError(400, 'validation', 'sort must be one of'),
    });
    await expect(apiFetchList('/products?sort=x')).rejects.toEqual(
      new ApiRequestError(400, 'validation', 'sort must be one of'),
    );
  });
});
