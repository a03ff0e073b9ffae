// Bookings on the web side: book a course session, and the caller's own bookings.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingInput, CreateBookingResult, MyBooking } from '#shared/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { catalogueKeys } from '#shared/catalogue-keys.ts';

export const bookingKeys = {
  mine: ['me', 'bookings'] as const,
};

export const getMyBookings = () => api.get<MyBooking[]>('/api/me/bookings');

export const getMyBookingsQueryOptions = () =>
  queryOptions({ queryKey: bookingKeys.mine, queryFn: getMyBookings });

export const useMyBookings = (enabled = true) => useQuery({ ...getMyBookingsQueryOptions(), enabled });

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
