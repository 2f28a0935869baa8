import { QueryClient } from '@tanstack/react-query';
import { httpStatusOf, isApiError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Business errors (4xx envelopes) will not change on a retry; network blips might.
        retry: (count, error) => {
          const status = httpStatusOf(error);
          if (isApiError(error) && status !== undefined && status < 500) return false;
          return count < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
