import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { errorMessage, toastError } from './error-message';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The component that runs the mutation shows its failure itself (under the fields, in
       * an alert beside the form), so the app-wide error toast stays away.
       */
      ownErrorMessage?: boolean;
    };
  }
}

/** Every failed mutation says what happened unless its component says so itself. */
function createMutationCache(): MutationCache {
  return new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.ownErrorMessage) return;
      toastError(errorMessage(error));
    },
  });
}

export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; a network blip might.
        retry: (count, error) =>
          retry &&
          count < 2 &&
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
