import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already tells the user about failures; retrying would repeat those
      // notifications and delay the redirect to /login when a session has ended.
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
