import {
  TOTAL_COUNT_HEADER,
  type ApiContract,
  type ApiError,
  type EndpointBody,
  type EndpointHas,
  type EndpointKey,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@shop/shared';
import { clearAccessToken, getAccessToken } from './access-token';

/** The one base address of every API call (DESIGN.md section 7: no stray local addresses). */
export const API_BASE = import.meta.env.VITE_API_BASE ?? '/api';

/** What a call that never reached the shop (offline, DNS, a dropped connection) says. */
export const NETWORK_FAILURE = 'The shop could not be reached. Check your connection.';

/** An API call that failed: the server's error code and message, or a network failure. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** A conflict's figures now (`stock_changed`: `{aqty: 700}`). */
    readonly current: Record<string, number> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiError).error?.message === 'string'
  );
}

/**
 * How calls reach the API: the browser's fetch, or on the server (entry-server.tsx) the shop
 * itself, called in process.
 */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Sends the calls through `next` instead of the network (the server drawing a page). */
export function setApiTransport(next: Transport): void {
  transport = next;
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => undefined;

/** What to do when the API refuses our token (expired, revoked, forged): sign out cleanly. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
}

/** Any call's arguments, as `apiRequest` reads them once the contract has typed them. */
interface CallArgs {
  params?: unknown;
  query?: unknown;
  /** A JSON body; null (shipping without tracking) is no body. */
  body?: unknown;
  /** A multipart body (an upload); the browser sets its content type with the boundary. */
  form?: FormData;
  headers?: Record<string, string>;
}

/**
 * Sends a call of the contract (`'GET /orders/:id'`) and returns its answer when it is a
 * success; any failure becomes an ApiRequestError. The access token goes with every call when
 * there is one; a 401 to a call that carried it signs the user out.
 */
async function apiRequest(key: string, args: CallArgs = {}, accept: string): Promise<Response> {
  const { method, path } = addressOf(key, args);
  const json = args.body ?? undefined;
  const token = getAccessToken();
  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, {
      method,
      headers: {
        accept,
        ...(json !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...args.headers,
      },
      body: json !== undefined ? JSON.stringify(json) : args.form,
    });
  } catch {
    throw new ApiRequestError(0, 'network', NETWORK_FAILURE);
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 && token && !path.startsWith('/auth/')) {
    clearAccessToken();
    onUnauthorized();
  }
  if (isApiError(body)) {
    const { code, message, fields, current } = body.error;
    throw new ApiRequestError(response.status, code, message, fields, current);
  }
  throw new ApiRequestError(response.status, 'http', `The request failed (${response.status}).`);
}

/** A file the API answered with, and the name it suggests for it. */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/**
 * The file name a `Content-Disposition` header suggests: the RFC 6266 `filename*` (UTF-8,
 * percent-encoded) before the plain `filename`; null without one. Any folder part is dropped.
 */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i
    .exec(header)
    ?.slice(1)
    .find((part) => part !== undefined)
    ?.replace(/\\(.)/g, '$1')
    .trim();
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/*
 * The calls of the API contract (packages/shared api-contract.ts). A call is named by its entry,
 * `'GET /orders/:id'`, and its arguments and answer are typed from the entry's schemas, so a
 * changed answer there fails the type check here and wherever the answer is read. Only the
 * contract's types are imported: the browser carries no table and no schema.
 */

/** The keys whose answer is a file, a JSON list, or any JSON. */
type FileKey = { [K in EndpointKey]: EndpointHas<K, 'file'> extends true ? K : never }[EndpointKey];
type JsonKey = Exclude<EndpointKey, FileKey>;
type ListKey = {
  [K in JsonKey]: EndpointResponse<K> extends readonly unknown[] ? K : never;
}[JsonKey];

/** What a call sends: the parts its entry has (path parameters, query, body, form), headers. */
export type ApiCallArgs<K extends EndpointKey> = (EndpointHas<K, 'params'> extends true
  ? { params: EndpointParams<K> }
  : { params?: never }) &
  (EndpointHas<K, 'querystring'> extends true ? { query?: EndpointQuery<K> } : { query?: never }) &
  (EndpointHas<K, 'body'> extends true ? { body: EndpointBody<K> } : { body?: never }) &
  (EndpointHas<K, 'multipart'> extends true ? { form: FormData } : { form?: never }) & {
    headers?: Record<string, string>;
  };

/** The arguments may be left out when the call needs none. */
type ArgsOf<K extends EndpointKey> =
  object extends ApiCallArgs<K> ? [args?: ApiCallArgs<K>] : [args: ApiCallArgs<K>];

type QueryValue = string | number | boolean | null | undefined;

/**
 * `?q=atx&page=2&limit=25`: the query's values in the order given, an absent or empty one left
 * out, so one query is always one address (and one cache entry); empty without any value.
 */
export function searchOf(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The method and address of a call: `:name` replaced by its parameter, the query appended. */
export function addressOf(
  key: string,
  { params, query }: { params?: unknown; query?: unknown } = {},
): { method: string; path: string } {
  const [method = 'GET', template = ''] = key.split(' ');
  const values = (params ?? {}) as Record<string, string | number>;
  const path = template.replace(/:(\w+)/g, (_whole, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  return { method, path: `${path}${searchOf(query as Record<string, QueryValue> | undefined)}` };
}

/** Calls the API and answers its JSON (see apiRequest for the failures and the token). */
export async function callApi<K extends JsonKey>(
  key: K,
  ...[args]: ArgsOf<K>
): Promise<EndpointResponse<K>> {
  const response = await apiRequest(key, args, 'application/json');
  const body: unknown = await response.json().catch(() => undefined);
  // The contract's answer: the server serializes it through the same schema.
  return body as EndpointResponse<K>;
}

/** One page of a list and how many items match in all (the `X-Total-Count` header). */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** The answer's other headers (the products search's `X-Search-Match`). */
  headers?: Headers;
}

/**
 * Calls a paged list of the API (`?page=&limit=`): its items and the total it names in
 * `X-Total-Count`. An answer without the header is taken as the whole list.
 */
export async function callApiPage<K extends ListKey>(
  key: K,
  ...[args]: ArgsOf<K>
): Promise<ListPage<EndpointResponse<K>[number]>> {
  const response = await apiRequest(key, args, 'application/json');
  const body: unknown = await response.json().catch(() => undefined);
  const items = Array.isArray(body) ? (body as EndpointResponse<K>[number][]) : [];
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return {
    items,
    total: Number.isSafeInteger(header) && header >= 0 ? header : items.length,
    headers: response.headers,
  };
}

/**
 * Calls the API for a file (an invoice's PDF) of the type its entry names, with the same token
 * and failures as callApi.
 */
export async function callApiFile<K extends FileKey>(
  key: K,
  accept: ApiContract[K]['file'],
  ...[args]: ArgsOf<K>
): Promise<ApiFile> {
  const response = await apiRequest(key, args, accept);
  return {
    blob: await response.blob(),
    filename: dispositionFilename(response.headers.get('content-disposition')),
  };
}
