// The shark's workspace calls: saving its profile and photo (features/acting-shark reads the profile), the
// dashboard, and its sessions a group and a page at a time with the courses' totals (the enrollments page), and
// its earnings.
// `sharkId` is set only when an admin acts for a shark; a shark's own calls leave it out.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { nextSessionPage, type SessionGroup } from '#shared/session-lists.ts';
import type {
  CourseTotals,
  Dashboard,
  ProfileSaved,
  SharkProfileValues,
  SharkSessionPage,
} from '#shared/workspace.ts';
import { catalogueKeys } from '#shared/catalogue-keys.ts';
import type { Earnings } from '#shared/earnings.ts';
import type { StatementMonths } from '#shared/statements.ts';
import { api, withQuery } from '#web/lib/api-client.ts';
import { adminKeys, workspaceKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';

export const getDashboardQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: workspaceKeys.dashboard(sharkId),
    queryFn: () => api.get<Dashboard>(withSharkId('/api/workspace/dashboard', sharkId)),
  });
export const useSharkDashboard = (sharkId?: string) => useQuery(getDashboardQueryOptions(sharkId));

/** Each course's bookings and total (the enrollments page's summary). */
export const getCourseTotalsQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: workspaceKeys.courseTotals(sharkId),
    queryFn: () => api.get<CourseTotals>(withSharkId('/api/workspace/enrollments/courses', sharkId)),
  });
export const useCourseTotals = (sharkId?: string) => useQuery(getCourseTotalsQueryOptions(sharkId));

/** One group of the shark's sessions, a page at a time. */
export const getSharkSessionGroupQueryOptions = (group: SessionGroup, sharkId?: string) =>
  infiniteQueryOptions({
    queryKey: workspaceKeys.sessions(group, sharkId),
    queryFn: ({ pageParam }) =>
      api.get<SharkSessionPage>(
        withQuery('/api/workspace/sessions', { group, page: String(pageParam), sharkId }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last: SharkSessionPage) => nextSessionPage(last),
  });
export const useSharkSessionGroup = (group: SessionGroup, sharkId?: string) =>
  useInfiniteQuery(getSharkSessionGroupQueryOptions(group, sharkId));

/** The shark's balance and paid sessions' money, a page at a time (each page repeats the balance). */
export const getEarningsQueryOptions = (sharkId?: string) =>
  infiniteQueryOptions({
    queryKey: workspaceKeys.earnings(sharkId),
    queryFn: ({ pageParam }) =>
      api.get<Earnings>(withQuery('/api/workspace/earnings', { page: String(pageParam), sharkId })),
    initialPageParam: 1,
    getNextPageParam: (last: Earnings) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  });
export const useEarnings = (sharkId?: string) => useInfiniteQuery(getEarningsQueryOptions(sharkId));

/** The months the shark can download a statement of, and where each month's fee invoice stands. */
export const getStatementMonthsQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: workspaceKeys.statements(sharkId),
    queryFn: () => api.get<StatementMonths>(withSharkId('/api/workspace/earnings/statements', sharkId)),
  });
export const useStatementMonths = (sharkId?: string) => useQuery(getStatementMonthsQueryOptions(sharkId));

/** After a download: a fee invoice issued by it shows its number (the list is read again). */
export function useStatementsDownloaded(sharkId?: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: workspaceKeys.statements(sharkId) });
}

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
