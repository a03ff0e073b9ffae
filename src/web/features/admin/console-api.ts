// The admin console's actions (decision 032): decide applications, publish sharks, search and suspend
// accounts, search sessions, review credentials, read the audit log; the freelance marketplace's client
// requests (hidden as spam, decision 193), engagements and disputes (decision 194).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBookingPage,
  AdminSharkStatePage,
  AdminUserPage,
  AuditPage,
  BookingSearchQuery,
  PublicationInput,
} from '#shared/admin.ts';
import type { ApplicationDecision } from '#shared/applications.ts';
import type { ResolveNoShowInput, SessionActionResult } from '#shared/sessions.ts';
import type { AdminCredentialPage, CredentialReview, CredentialStatus } from '#shared/credentials.ts';
import type { AdminRequestRow } from '#shared/client-requests.ts';
import type { ConsolePage } from '#shared/console-page.ts';
import type {
  AdminEngagementPage,
  DisputeOutcome,
  DisputePage,
  EngagementStatus,
} from '#shared/engagements.ts';
import { api } from '#web/lib/api-client.ts';
import { adminKeys, consoleKeys, financeKeys, sessionKeys } from '#web/features/query-keys/keys.ts';

type Msg = { message: string };

/** The sharks tab, a page at a time, searched on the server (issue 25). */
export const useSharkSearch = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.sharks(q, page),
      queryFn: () => api.get<AdminSharkStatePage>('/api/admin/sharks/states', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const useUserSearch = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.users(q, page),
      queryFn: () => api.get<AdminUserPage>('/api/admin/users', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const useBookingSearch = (query: BookingSearchQuery) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.bookings(query),
      queryFn: () =>
        api.get<AdminBookingPage>(
          '/api/admin/bookings',
          Object.fromEntries(
            Object.entries(query)
              .filter(([, v]) => v !== undefined && v !== '')
              .map(([k, v]) => [k, String(v)]),
          ),
        ),
      placeholderData: keepPreviousData,
    }),
  );

export const useAuditLog = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.audit(q, page),
      queryFn: () => api.get<AuditPage>('/api/admin/audit-log', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const useCredentialQueue = (status: CredentialStatus, q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.credentials(status, q, page),
      queryFn: () =>
        api.get<AdminCredentialPage>('/api/admin/credentials', { status, q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const useAdminClientRequests = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.clientRequests(q, page),
      queryFn: () =>
        api.get<ConsolePage<AdminRequestRow>>('/api/admin/client-requests', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const useAdminEngagements = (q: string, status: EngagementStatus | '', page: number) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.engagements(q, status, page),
      queryFn: () =>
        api.get<AdminEngagementPage>('/api/admin/engagements', {
          q,
          page: String(page),
          ...(status ? { status } : {}),
        }),
      placeholderData: keepPreviousData,
    }),
  );

export const useDisputes = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.disputes(page),
      queryFn: () => api.get<DisputePage>('/api/admin/disputes', { page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

/** Every console action changes the audit log and possibly any list: refresh the console's queries. */
function useConsoleMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.sharks }),
        queryClient.invalidateQueries({ queryKey: adminKeys.applications }),
      ]);
    },
  });
}

export const useApproveApplication = () =>
  useConsoleMutation((id: string) =>
    api.post<ApplicationDecision>(`/api/admin/shark-applications/${id}/approve`),
  );
export const useRejectApplication = () =>
  useConsoleMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<ApplicationDecision>(`/api/admin/shark-applications/${id}/reject`, { reason }),
  );
export const useSetPublication = () =>
  useConsoleMutation(({ id, ...body }: PublicationInput & { id: string }) =>
    api.put<Msg>(`/api/admin/sharks/${id}/publication`, body),
  );
export const useSuspend = () =>
  useConsoleMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<Msg>(`/api/admin/users/${id}/suspension`, { reason }),
  );
export const useLiftSuspension = () =>
  useConsoleMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<Msg>(`/api/admin/users/${id}/lift-suspension`, { reason }),
  );
export const useReviewCredential = () =>
  useConsoleMutation(({ id, ...body }: CredentialReview & { id: string }) =>
    api.post<Msg>(`/api/admin/credentials/${id}/review`, body),
  );
/** A ruling on a reported no-show; the session page, if cached, shows the new state next time. */
export function useResolveNoShow() {
  const queryClient = useQueryClient();
  return useConsoleMutation(async ({ id, ...body }: ResolveNoShowInput & { id: string }) => {
    const res = await api.post<SessionActionResult>(`/api/admin/bookings/${id}/resolve-no-show`, body);
    await queryClient.invalidateQueries({ queryKey: sessionKeys.detail(id) });
    return res;
  });
}

/** Hides a client request as spam, or shows it again, with a reason (decision 193). */
export const useHideClientRequest = () =>
  useConsoleMutation(({ id, hidden, reason }: { id: string; hidden: boolean; reason: string }) =>
    api.post<Msg>(`/api/admin/client-requests/${id}/${hidden ? 'hide' : 'unhide'}`, { reason }),
  );

/** Releases or refunds a disputed milestone (decision 179); a refund shows in the finance tab's lists too. */
export function useRuleDispute() {
  const queryClient = useQueryClient();
  return useConsoleMutation(
    async ({ id, ...body }: { id: string; outcome: DisputeOutcome; reason: string }) => {
      const res = await api.post<Msg>(`/api/admin/disputes/${id}/ruling`, body);
      await queryClient.invalidateQueries({ queryKey: financeKeys.all });
      return res;
    },
  );
}
