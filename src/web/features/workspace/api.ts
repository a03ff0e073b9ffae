// The shark's workspace calls: its profile (and photo), dashboard and enrollments. `sharkId` is set only when
// an admin acts for a shark; a shark's own calls leave it out.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Dashboard,
  Enrollments,
  ProfileSaved,
  SharkProfile,
  SharkProfileValues,
} from '#shared/workspace.ts';
import { catalogueKeys } from '#shared/catalogue-keys.ts';
import { adminKeys } from '#web/features/admin/api.ts';
import { api, withQuery } from '#web/lib/api-client.ts';

export const workspaceKeys = {
  all: ['workspace'] as const,
  scope: (sharkId?: string) => ['workspace', sharkId ?? 'me'] as const,
  profile: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'profile'] as const,
  dashboard: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'dashboard'] as const,
  enrollments: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'enrollments'] as const,
};

/** A workspace path (an API call or a page) for the shark an admin acts for: `?sharkId=` when there is one. */
export const withSharkId = (path: string, sharkId?: string) => withQuery(path, { sharkId });

export const getSharkProfileQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: workspaceKeys.profile(sharkId),
    queryFn: () => api.get<SharkProfile>(withSharkId('/api/workspace/profile', sharkId)),
  });
export const useSharkProfile = (sharkId?: string) => useQuery(getSharkProfileQueryOptions(sharkId));

export const getDashboardQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: workspaceKeys.dashboard(sharkId),
    queryFn: () => api.get<Dashboard>(withSharkId('/api/workspace/dashboard', sharkId)),
  });
export const useSharkDashboard = (sharkId?: string) => useQuery(getDashboardQueryOptions(sharkId));

export const getEnrollmentsQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: workspaceKeys.enrollments(sharkId),
    queryFn: () => api.get<Enrollments>(withSharkId('/api/workspace/enrollments', sharkId)),
  });
export const useEnrollments = (sharkId?: string) => useQuery(getEnrollmentsQueryOptions(sharkId));

/** The saved profile replaces the cached one; the public catalogue is refetched (published may have changed). */
function useProfileSaved(sharkId?: string) {
  const queryClient = useQueryClient();
  return (saved: ProfileSaved) => {
    queryClient.setQueryData(workspaceKeys.profile(sharkId), saved.profile);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminKeys.sharks });
  };
}

export function useSaveSharkProfile(sharkId?: string) {
  const onSaved = useProfileSaved(sharkId);
  return useMutation({
    mutationFn: (values: SharkProfileValues) =>
      api.put<ProfileSaved>(withSharkId('/api/workspace/profile', sharkId), values),
    onSuccess: onSaved,
  });
}

export function useUploadSharkPhoto(sharkId?: string) {
  const onSaved = useProfileSaved(sharkId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('photo', file);
      return api.upload<ProfileSaved>(withSharkId('/api/workspace/profile/photo', sharkId), form);
    },
    onSuccess: onSaved,
  });
}
