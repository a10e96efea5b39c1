import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@shop/shared';
import { getAccessToken, setAccessToken } from './access-token';
import {
  addressOf,
  ApiRequestError,
  callApi,
  callApiFile,
  callApiPage,
  dispositionFilename,
  searchOf,
  setUnauthorizedHandler,
} from './api-client';

const respond = (status: number, body: unknown) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('callApi', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored token as a bearer token', async () => {
    setAccessToken('a.b.c');
    const fetch = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await callApi('GET /users');
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ authorization: 'Bearer a.b.c' });
  });

  it('turns an error answer into an ApiRequestError with its fields', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, {
        error: { code: 'validation_failed', message: 'bad', fields: { phone: 'no' } },
      }),
    );
    const error = await callApi('PUT /profile/:email', {
      params: { email: 'x' },
      body: { phone: 'no' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { phone: 'no' },
    });
  });

  it('forgets a refused token and signs out', async () => {
    setAccessToken('a.b.c');
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    vi.stubGlobal('fetch', respond(401, { error: { code: 'unauthorized', message: 'ended' } }));
    await expect(
      callApi('GET /user/:email', { params: { email: 'me@example.com' } }),
    ).rejects.toThrow('ended');
    expect(getAccessToken()).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('reports an unreachable shop as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi('GET /products')).rejects.toMatchObject({ code: 'network', status: 0 });
  });
  it('sends a FormData body as multipart, with the token and no JSON content type', async () => {
    setAccessToken('a.b.c');
    const fetch = respond(200, { url: '/uploads/x.png' });
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'x.png');
    await callApi('POST /uploads', { form });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect(init.headers).toMatchObject({ authorization: 'Bearer a.b.c' });
    expect(init.headers).not.toHaveProperty('content-type');
  });
});

describe('callApiFile', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the file with the token and returns it with its suggested name', async () => {
    setAccessToken('a.b.c');
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="invoice-INV-0001.pdf"',
          },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const file = await callApiFile('GET /orders/:id/invoice', 'application/pdf', {
      params: { id: '1' },
    });
    expect(file.filename).toBe('invoice-INV-0001.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders/1/invoice');
    expect(init.headers).toMatchObject({
      accept: 'application/pdf',
      authorization: 'Bearer a.b.c',
    });
  });

  it('turns a refusal into an ApiRequestError, as callApi does', async () => {
    vi.stubGlobal('fetch', respond(403, { error: { code: 'forbidden', message: 'Not yours' } }));
    await expect(
      callApiFile('GET /orders/:id/invoice', 'application/pdf', { params: { id: '1' } }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
    });
  });
});

describe('dispositionFilename', () => {
  it.each([
    [null, null],
    ['inline', null],
    ['attachment; filename="invoice 12.pdf"', 'invoice 12.pdf'],
    ['attachment; filename=invoice.pdf', 'invoice.pdf'],
    ['attachment; FILENAME="a\\"b.pdf"', 'a"b.pdf'],
    [`attachment; filename="fallback.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`, 'résumé.pdf'],
    [`attachment; filename*=utf-8''%E0%A4%A; filename="plain.pdf"`, 'plain.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\x\\\\y.pdf"', 'y.pdf'],
  ])('%s names %s', (header, name) => {
    expect(dispositionFilename(header)).toBe(name);
  });
});

describe('callApiPage', () => {
  it('answers the items and the total of X-Total-Count, or the items counted without it', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('[1,2]', { headers: { [TOTAL_COUNT_HEADER]: '312' } }))
        .mockResolvedValueOnce(new Response('[1,2,3]')),
    );
    const counted = await callApiPage('GET /orders', { query: { page: 1, limit: 2 } });
    expect(counted).toMatchObject({ items: [1, 2], total: 312 });
    // The other headers too (the products search's X-Search-Match).
    expect(counted.headers?.get(TOTAL_COUNT_HEADER)).toBe('312');
    expect(await callApiPage('GET /orders')).toMatchObject({ items: [1, 2, 3], total: 3 });
  });
});

describe('the address of a call', () => {
  it('fills the path parameters, encoded, and appends the query', () => {
    expect(addressOf('GET /orders/:id/invoice', { params: { id: 'a/b c' } })).toEqual({
      method: 'GET',
      path: '/orders/a%2Fb%20c/invoice',
    });
    expect(addressOf('GET /order', { query: { userEmail: 'me+1@example.com' } })).toEqual({
      method: 'GET',
      path: '/order?userEmail=me%2B1%40example.com',
    });
    expect(addressOf('PUT /user/admin/:email', { params: { email: 'a@b.c' } })).toEqual({
      method: 'PUT',
      path: '/user/admin/a%40b.c',
    });
  });

  it('keeps the query in the given order and leaves out absent and empty values', () => {
    expect(searchOf({ q: 'a&b c', status: undefined, page: 2, limit: 25 })).toBe(
      '?q=a%26b+c&page=2&limit=25',
    );
    expect(searchOf({ q: '', page: undefined, sort: null })).toBe('');
    expect(searchOf()).toBe('');
  });

  it('sends the method, the JSON body and the headers; a null body is no body', async () => {
    const fetch = respond(200, {});
    vi.stubGlobal('fetch', fetch);
    await callApi('POST /orders', {
      body: { lines: [{ productId: 'p', quantity: 2 }], phone: '1', address: 'x' },
      headers: { 'Idempotency-Key': 'k' },
    });
    await callApi('PUT /ship/:id', { params: { id: 'o1' }, body: null });
    const [placed, shipped] = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(placed?.[0]).toBe('/api/orders');
    expect(placed?.[1]).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'k' },
    });
    expect(JSON.parse(String(placed?.[1].body))).toEqual({
      lines: [{ productId: 'p', quantity: 2 }],
      phone: '1',
      address: 'x',
    });
    expect(shipped?.[0]).toBe('/api/ship/o1');
    expect(shipped?.[1]).toMatchObject({ method: 'PUT' });
    expect(shipped?.[1].body).toBeUndefined();
    vi.unstubAllGlobals();
  });
});
