// The admin console's calls: create shark accounts, read shark applications and contact messages. (The list of
// every shark, which the workspace's shark picker reads too, is in features/acting-shark.)
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage, CreateSharkInput, CreateSharkResult } from '#shared/admin.ts';
import type { SharkApplication } from '#shared/applications.ts';
import type { ConsolePage } from '#shared/console-page.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/query-keys/keys.ts';

// Types only from #shared/admin.ts: its schemas (and zod) stay out of every page that reads these calls.
/** The contact inbox, a page at a time, searched on the server (issue 25). */
export const useContactMessages = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.contactMessagePage(q, page),
      queryFn: () =>
        api.get<ConsolePage<ContactMessage>>('/api/admin/contact-messages', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

/** The shark applications, a page at a time, searched on the server (issue 25). */
export const useSharkApplications = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.applicationPage(q, page),
      queryFn: () =>
        api.get<ConsolePage<SharkApplication>>('/api/admin/shark-applications', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const createSharkAccount = (input: CreateSharkInput) =>
  api.post<CreateSharkResult>('/api/admin/sharks', input);

export function useCreateSharkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSharkAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sharks }),
  });
}
