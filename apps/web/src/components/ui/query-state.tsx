import { messages } from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyNotFoundPage } from '../layout/lazy-not-found-page';
import { ApiRequestError } from '../../lib/api-client';
import { errorMessage, isRetryable } from '../../lib/error-message';
import { Spinner } from './spinner';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, for the messages: "products", "reviews". */
  what: string;
  isEmpty?: (data: T) => boolean;
  /** Shown while loading instead of the spinner, e.g. placeholders of the data's size. */
  pending?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The loading, failed and empty states every data view shares. A failure says what happened:
 * what is not there (404) is the not-found page, a refusal (403) the spec's permission message,
 * and only a failure that asking again may cure (the network, the server) offers Retry.
 * Data already shown stays when a later refetch fails (a form being filled is not torn away).
 */
export function QueryState<T>({ query, what, isEmpty, pending, children }: QueryStateProps<T>) {
  if (query.isPending) return pending ?? <Spinner label={`Loading ${what}`} />;
  const { data, error } = query;
  if (data === undefined) {
    if (error instanceof ApiRequestError && error.status === 404) return <LazyNotFoundPage />;
    if (error instanceof ApiRequestError && error.status === 403) {
      return (
        <p role="alert" className="alert alert-error alert-soft my-6">
          {messages.noPermission}
        </p>
      );
    }
    if (!isRetryable(error)) {
      return (
        <p role="alert" className="alert alert-error alert-soft my-6">
          {errorMessage(error)}
        </p>
      );
    }
    // The server's reason (its database is down, its disk is full); a network failure's own
    // words would only repeat the message above.
    const detail =
      error instanceof ApiRequestError && error.status >= 500 ? error.message : undefined;
    return (
      <div
        role="alert"
        className="alert alert-error alert-soft my-6 flex flex-wrap justify-between"
      >
        <div>
          <p className="font-semibold">{messages.loadFailed}</p>
          {detail && <p className="text-sm">{detail}</p>}
        </div>
        <button
          type="button"
          className="btn btn-sm btn-error"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? 'Retrying…' : 'Retry'}
        </button>
      </div>
    );
  }
  if (isEmpty?.(data)) {
    return <p className="text-base-content/70 py-10 text-center">No {what} to show yet.</p>;
  }
  return <>{children(data)}</>;
}
