import type { ApiError } from '@shop/shared';
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
 * Calls the API and returns its JSON; any failure becomes an ApiRequestError. The access token
 * goes with every call when there is one; a 401 to a call that carried it signs the user out.
 */
export async function apiFetch<T>(
  path: string,
  { json, body: formData, ...init }: ApiInit = {},
): Promise<T> {
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      ...init,
      headers: {
        accept: 'application/json',
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
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
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
  return body as T;
}
