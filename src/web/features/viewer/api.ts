// Who is looking at the page: the signed-in session (who, and their roles) and their own profile. Nearly every
// feature asks this (the booking form prefills from the profile, a follow heart or a report button differs for a
// visitor), so it is a shared part of its own; the accounts feature changes it (decision 110).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, Session, UpdateProfileInput } from '#shared/accounts.ts';
import { api } from '#web/lib/api-client.ts';
import { accountKeys } from '#web/features/query-keys/keys.ts';

// The signed-in session: who the visitor is and their roles (first = primary).
export const getSession = () => api.get<Session>('/api/auth/session');

export const getSessionQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.session, queryFn: getSession, staleTime: 60_000, retry: 1 });

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

// The caller's own profile (full name, phone; email read-only).
export const getMyProfile = () => api.get<Profile>('/api/me/profile');

export const getMyProfileQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.profile, queryFn: getMyProfile });

export const useMyProfile = (enabled = true) => useQuery({ ...getMyProfileQueryOptions(), enabled });

/** Saves the caller's full name and phone (the profile editor, and the booking panel's "save this number"). */
export const updateMyProfile = (input: UpdateProfileInput) => api.put<Profile>('/api/me/profile', input);

/** The menu greets by name, so the session is reloaded too. */
export function useUpdateMyProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (profile) => {
      qc.setQueryData(accountKeys.profile, profile);
      void qc.invalidateQueries({ queryKey: accountKeys.session });
    },
  });
}
