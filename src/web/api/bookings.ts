// Bookings on the web side: book a course session, and the caller's own bookings.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingInput, CreateBookingResult, MyBooking } from '../../shared/schemas/bookings';
import { api } from './client';
import { catalogueKeys } from '../../shared/catalogue-keys';

export const myBookingsQueryKey = ['me', 'bookings'] as const;

export const getMyBookings = () => api.get<MyBooking[]>('/api/me/bookings');

export const getMyBookingsQueryOptions = () => queryOptions({ queryKey: myBookingsQueryKey, queryFn: getMyBookings });

export const useMyBookings = (enabled = true) => useQuery({ ...getMyBookingsQueryOptions(), enabled });

export const createBooking = (input: CreateBookingInput) => api.post<CreateBookingResult>('/api/bookings', input);

/** After booking, the learner's list and the shark's counts (students, bookings) have changed. */
export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: myBookingsQueryKey });
      void qc.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
