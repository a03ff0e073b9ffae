// The shark's workspace calls: its profile (and photo), dashboard and enrollments. `sharkId` is set only when
// an admin acts for a shark; a shark's own calls leave it out.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dashboard, Enrollments, ProfileSaved, SharkProfile, SharkProfileValues } from '../../shared/schemas/workspace';
import { api, withQuery } from './client';
import { catalogueKeys } from '../../shared/catalogue-keys';

export const workspaceKeys = {
  all: ['workspace'] as const,
  scope: (sharkId?: string) => ['workspace', sharkId ?? 'me'] as const,
  profile: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'profile'] as const,
  dashboard: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'dashboard'] as const,
  enrollments: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'enrollments'] as const,
  courses: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'courses'] as const,
};

export const scoped = (path: string, sharkId?: string) => withQuery(path, { sharkId });

export const getSharkProfileQueryOptions = (sharkId?: string) =>
  queryOptions({ queryKey: workspaceKeys.profile(sharkId), queryFn: () => api.get<SharkProfile>(scoped('/api/workspace/profile', sharkId)) });
export const useSharkProfile = (sharkId?: string) => useQuery(getSharkProfileQueryOptions(sharkId));

export const getDashboardQueryOptions = (sharkId?: string) =>
  queryOptions({ queryKey: workspaceKeys.dashboard(sharkId), queryFn: () => api.get<Dashboard>(scoped('/api/workspace/dashboard', sharkId)) });
export const useSharkDashboard = (sharkId?: string) => useQuery(getDashboardQueryOptions(sharkId));

export const getEnrollmentsQueryOptions = (sharkId?: string) =>
  queryOptions({ queryKey: workspaceKeys.enrollments(sharkId), queryFn: () => api.get<Enrollments>(scoped('/api/workspace/enrollments', sharkId)) });
export const useEnrollments = (sharkId?: string) => useQuery(getEnrollmentsQueryOptions(sharkId));

/** The saved profile replaces the cached one; the public catalogue is refetched (published may have changed). */
function useProfileSaved(sharkId?: string) {
  const queryClient = useQueryClient();
  return (saved: ProfileSaved) => {
    queryClient.setQueryData(workspaceKeys.profile(sharkId), saved.profile);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'sharks'] });
  };
}

export function useSaveSharkProfile(sharkId?: string) {
  const onSaved = useProfileSaved(sharkId);
  return useMutation({
    mutationFn: (values: SharkProfileValues) => api.put<ProfileSaved>(scoped('/api/workspace/profile', sharkId), values),
    onSuccess: onSaved,
  });
}

export function useUploadSharkPhoto(sharkId?: string) {
  const onSaved = useProfileSaved(sharkId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('photo', file);
      return api.upload<ProfileSaved>(scoped('/api/workspace/profile/photo', sharkId), form);
    },
    onSuccess: onSaved,
  });
}
