// The admin console's calls: create shark accounts, read shark applications and contact messages. (The list of
// every shark, which the workspace's shark picker reads too, is in features/acting-shark.)
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage, CreateSharkInput, CreateSharkResult } from '#shared/admin.ts';
import type { SharkApplication } from '#shared/applications.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/query-keys/keys.ts';

// Types only from #shared/admin.ts: its schemas (and zod) stay out of every page that reads these calls.
export const getContactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.contactMessages,
    queryFn: () => api.get<ContactMessage[]>('/api/admin/contact-messages'),
  });
export const useContactMessages = () => useQuery(getContactMessagesQueryOptions());

export const getSharkApplications = () => api.get<SharkApplication[]>('/api/admin/shark-applications');

export const getSharkApplicationsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.applications, queryFn: getSharkApplications });

export const useSharkApplications = () => useQuery(getSharkApplicationsQueryOptions());

export const createSharkAccount = (input: CreateSharkInput) =>
  api.post<CreateSharkResult>('/api/admin/sharks', input);

export function useCreateSharkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSharkAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sharks }),
  });
}
