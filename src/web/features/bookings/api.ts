// Bookings on the web side: book a course session, and the caller's own bookings.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateBookingInput,
  CreateBookingResult,
  MyBooking,
  MySessionPage,
  MySessionsOverview,
} from '#shared/bookings.ts';
import { nextSessionPage, type SessionGroup } from '#shared/session-lists.ts';
import { api, withQuery } from '#web/lib/api-client.ts';
import { bookingKeys } from '#web/features/query-keys/keys.ts';
import { catalogueKeys } from '#shared/catalogue-keys.ts';

export const getMyBookings = () => api.get<MyBooking[]>('/api/me/bookings');

export const getMyBookingsQueryOptions = () =>
  queryOptions({ queryKey: bookingKeys.mine, queryFn: getMyBookings });

export const useMyBookings = (enabled = true) => useQuery({ ...getMyBookingsQueryOptions(), enabled });

/** The learner dashboard's numbers and the first sessions of each group. */
export const getMySessionsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: bookingKeys.overview,
    queryFn: () => api.get<MySessionsOverview>('/api/me/sessions/overview'),
  });
export const useMySessionsOverview = () => useQuery(getMySessionsOverviewQueryOptions());

/** One group of the caller's sessions, a page at a time. */
export const getMySessionGroupQueryOptions = (group: SessionGroup) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.group(group),
    queryFn: ({ pageParam }) =>
      api.get<MySessionPage>(withQuery('/api/me/sessions', { group, page: String(pageParam) })),
    initialPageParam: 1,
    getNextPageParam: (last: MySessionPage) => nextSessionPage(last),
  });
export const useMySessionGroup = (group: SessionGroup) =>
  useInfiniteQuery(getMySessionGroupQueryOptions(group));

export const createBooking = (input: CreateBookingInput) =>
  api.post<CreateBookingResult>('/api/bookings', input);

/** After booking, the learner's list and the shark's counts (students, bookings) have changed. */
export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: bookingKeys.mine });
      void qc.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
