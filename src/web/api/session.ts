// The signed-in session: who the visitor is and their roles (first = primary).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '../../shared/schemas/auth';
import { api } from './client';

export const sessionQueryKey = ['session'] as const;

export const getSession = () => api.get<Session>('/api/auth/session');

export const getSessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: 1 });

export function useSession() {
  const query = useQuery(getSessionQueryOptions());
  const session = query.data ?? { user: null, roles: [] };
  return {
    ...query,
    user: session.user,
    roles: session.roles,
    primaryRole: session.roles[0] ?? null,
    isSignedIn: session.user !== null,
  };
}
