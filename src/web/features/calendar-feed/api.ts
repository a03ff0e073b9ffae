// The account's calendar feed (issue 26, decision 148): whether an address is live, and a new one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedAddress, CalendarFeedStatus } from '#shared/calendar-feed.ts';
import { api } from '#web/lib/api-client.ts';
import { accountKeys } from '#web/features/query-keys/keys.ts';

const URL = '/api/me/calendar-feed';

export const getCalendarFeedQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.calendarFeed, queryFn: () => api.get<CalendarFeedStatus>(URL) });

export const useCalendarFeed = () => useQuery(getCalendarFeedQueryOptions());

export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedAddress>(URL),
    onSuccess: (made) =>
      queryClient.setQueryData<CalendarFeedStatus>(accountKeys.calendarFeed, { createdAt: made.createdAt }),
  });
}
