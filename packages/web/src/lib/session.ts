/** The browser session: who is signed in (GET), signing in (POST) and out (DELETE) of `/api/auth/session`. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiProblem, unwrap } from './api';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  // Signed out is an answer, not an error: null.
  queryFn: async () => {
    try {
      return await unwrap(api.GET('/api/auth/session'));
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useSignIn() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) => unwrap(api.POST('/api/auth/session', { body: credentials })),
    onSuccess: (session) => {
      queries.clear();
      queries.setQueryData(sessionQuery.queryKey, session);
    },
  });
}

export function useSignOut() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await unwrap(api.DELETE('/api/auth/session'));
      } catch (error) {
        // Already ended (elsewhere, or expired): signed out all the same.
        if (!(error instanceof ApiProblem && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      queries.clear();
      queries.setQueryData(sessionQuery.queryKey, null);
    },
  });
}
