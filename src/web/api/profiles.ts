// The caller's own profile (full name, phone; email read-only).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '../../shared/schemas/profiles';
import { api } from './client';
import { sessionQueryKey } from './session';

export const myProfileQueryKey = ['me', 'profile'] as const;

export const getMyProfile = () => api.get<Profile>('/api/me/profile');

export const getMyProfileQueryOptions = () => queryOptions({ queryKey: myProfileQueryKey, queryFn: getMyProfile });

export const useMyProfile = (enabled = true) => useQuery({ ...getMyProfileQueryOptions(), enabled });

export const updateMyProfile = (input: UpdateProfileInput) => api.put<Profile>('/api/me/profile', input);

/** The menu greets by name, so the session is reloaded too. */
export function useUpdateMyProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (profile) => {
      qc.setQueryData(myProfileQueryKey, profile);
      void qc.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
