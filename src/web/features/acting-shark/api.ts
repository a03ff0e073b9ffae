// The sharks an admin may act for (the picker) and the acting shark's workspace profile: the workspace edits it,
// the public profile previews it for an unpublished shark, and the booking form asks it whether a shark is on
// its own page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminShark } from '#shared/admin.ts';
import type { SharkProfile } from '#shared/workspace.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys, workspaceKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from './acting-shark';

export const getAdminSharksQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.sharks, queryFn: () => api.get<AdminShark[]>('/api/admin/sharks') });
export const useAdminSharks = () => useQuery(getAdminSharksQueryOptions());

export const getSharkProfileQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: workspaceKeys.profile(sharkId),
    queryFn: () => api.get<SharkProfile>(withSharkId('/api/workspace/profile', sharkId)),
  });
export const useSharkProfile = (sharkId?: string) => useQuery(getSharkProfileQueryOptions(sharkId));
