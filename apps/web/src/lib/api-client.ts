import { TOTAL_COUNT_HEADER, type ApiError } from '@shop/shared';
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

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => undefined;

/** What to do when the API refuses our token (expired, revoked, forged): sign out cleanly. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
}

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (an upload); the browser sets its content type with the boundary. */
  body?: FormData;
}

/**
 * Sends a request to the API and returns its answer when it is a success; any failure becomes an
 * ApiRequestError. The access token goes with every call when there is one; a 401 to a call that
 * carried it signs the user out.
 */
export async function apiRequest(
  path: string,
  { json, body: formData, ...init }: ApiInit,
  accept: string,
): Promise<Response> {
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      ...init,
      headers: {
        accept,
        ...(json !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...init.headers,
      },
      ...(json !== undefined && { body: JSON.stringify(json) }),
      ...(formData !== undefined && json === undefined && { body: formData }),
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
    const { code, message, fields } = body.error;
    throw new ApiRequestError(response.status, code, message, fields);
  }
  throw new ApiRequestError(response.status, 'http', `The request failed (${response.status}).`);
}

/** Calls the API and returns its JSON (see apiRequest for the failures and the token). */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const response = await apiRequest(path, init, 'application/json');
  const body: unknown = await response.json().catch(() => undefined);
  return body as T;
}

/** One page of a list and how many items match in all (the `X-Total-Count` header). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * Calls a paged list of the API (`?page=&limit=`): its items and the total it names in
 * `X-Total-Count`. An answer without the header is taken as the whole list.
 */
export async function apiFetchPage<T>(path: string, init: ApiInit = {}): Promise<ListPage<T>> {
  const response = await apiRequest(path, init, 'application/json');
  const body: unknown = await response.json().catch(() => undefined);
  const items = Array.isArray(body) ? (body as T[]) : [];
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return { items, total: Number.isSafeInteger(header) && header >= 0 ? header : items.length };
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

/** Calls the API for a file (an invoice's PDF), with the same token and failures as apiFetch. */
export async function apiFetchFile(path: string, accept: string): Promise<ApiFile> {
  const response = await apiRequest(path, {}, accept);
  return {
    blob: await response.blob(),
    filename: dispositionFilename(response.headers.get('content-disposition')),
  };
}
