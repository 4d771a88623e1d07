import { QueryClient } from '@tanstack/react-query';
import { ApiProblem } from '../lib/api';

/** Server state lives here only. A refusal (4xx) is an answer, not a reason to ask again; the client retries 429/503. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (failures, error) => failures < 1 && !(error instanceof ApiProblem && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
