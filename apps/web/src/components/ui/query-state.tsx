import { messages } from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api-client';
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

/** The loading, failed (with a retry) and empty states every data view shares. */
export function QueryState<T>({ query, what, isEmpty, pending, children }: QueryStateProps<T>) {
  if (query.isPending) return pending ?? <Spinner label={`Loading ${what}`} />;
  if (query.isError) {
    const detail = query.error instanceof ApiRequestError ? query.error.message : undefined;
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
  if (isEmpty?.(query.data)) {
    return <p className="text-base-content/70 py-10 text-center">No {what} to show yet.</p>;
  }
  return <>{children(query.data)}</>;
}
