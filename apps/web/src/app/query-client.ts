import { QueryClient } from '@tanstack/react-query';
import { markPollsAsBackground } from '../lib/background-calls';

export function createQueryClient(): QueryClient {
  // Before any query sets a timer: polls must not keep an idle session alive on the server.
  markPollsAsBackground();
  return new QueryClient({
    defaultOptions: {
      // The API client already tells the user about failures; retrying would repeat those
      // notifications and delay the redirect to /login when a session has ended.
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
