// The admin console's calls: create shark accounts, list every shark, read contact messages.
// (Shark applications have their own feature, features/applications.)
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminShark, ContactMessage, CreateSharkInput, CreateSharkResult } from '#shared/admin.ts';
import { api } from '#web/lib/api-client.ts';

// Types only from #shared/admin.ts: its schemas (and zod) stay out of every page that reads adminKeys, such as a
// shark's public profile through the workspace's calls.
export const adminKeys = {
  sharks: ['admin', 'sharks'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
};

export const getAdminSharksQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.sharks, queryFn: () => api.get<AdminShark[]>('/api/admin/sharks') });
export const getContactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.contactMessages,
    queryFn: () => api.get<ContactMessage[]>('/api/admin/contact-messages'),
  });

export const useAdminSharks = () => useQuery(getAdminSharksQueryOptions());
export const useContactMessages = () => useQuery(getContactMessagesQueryOptions());

export const createSharkAccount = (input: CreateSharkInput) =>
  api.post<CreateSharkResult>('/api/admin/sharks', input);

export function useCreateSharkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSharkAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sharks }),
  });
}
