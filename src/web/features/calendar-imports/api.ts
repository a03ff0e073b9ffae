// A shark's other calendars (issue 26): the secret iCal addresses it added. A change also refreshes the
// availability preview, whose free slots the busy times take away.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarSource, CalendarSourceInput } from '#shared/calendar-imports.ts';
import { api } from '#web/lib/api-client.ts';
import { availabilityKeys, calendarImportKeys } from '#web/features/query-keys/keys.ts';

export const getCalendarSourcesQueryOptions = () =>
  queryOptions({
    queryKey: calendarImportKeys.own,
    queryFn: () => api.get<CalendarSource[]>('/api/workspace/calendar-sources'),
    // The first read happens in a job a moment after adding: look again while one has not been read yet.
    refetchInterval: (q) => (q.state.data?.some((s) => !s.lastSuccessAt && !s.lastError) ? 3000 : false),
  });
export const useCalendarSources = () => useQuery(getCalendarSourcesQueryOptions());

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: calendarImportKeys.own }),
      queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
    ]);
}

export function useAddCalendarSource() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CalendarSourceInput) =>
      api.post<{ message: string; source: CalendarSource }>('/api/workspace/calendar-sources', input),
    onSettled: refresh,
  });
}

export function useRemoveCalendarSource() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(`/api/workspace/calendar-sources/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
}
