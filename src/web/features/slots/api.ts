// A shark's free slots as learners see them (public): the booking form and the reschedule dialog pick one, the
// profile sums them up, and "notify me" watches a closed calendar. The shark edits the rules behind them in
// features/availability; bookings and sessions share this part (decision 110).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Slots } from '#shared/availability.ts';
import { api } from '#web/lib/api-client.ts';
import { availabilityKeys } from '#web/features/query-keys/keys.ts';

export type SlotsAnswer = Slots & { published: boolean };

export const getSlots = (sharkId: string, hours: number) =>
  api.get<SlotsAnswer>(`/api/sharks/${sharkId}/slots?hours=${hours}`);

export const slotsQueryOptions = (sharkId: string, hours: number) =>
  queryOptions({ queryKey: availabilityKeys.slots(sharkId, hours), queryFn: () => getSlots(sharkId, hours) });

export const useSlots = (sharkId: string, hours: number, enabled = true) =>
  useQuery({ ...slotsQueryOptions(sharkId, hours), enabled });

export const useWatchCalendar = (sharkId: string) =>
  useMutation({
    mutationFn: () => api.put<{ message: string }>(`/api/sharks/${sharkId}/calendar-watch`, {}),
  });
