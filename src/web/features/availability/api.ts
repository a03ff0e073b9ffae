// Availability on the web side: a shark's free slots (public), "notify me", and the workspace rules.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilitySettingsInput, AvailabilityView, Slots } from '#shared/availability.ts';
import { api } from '#web/lib/api-client.ts';

export type SlotsAnswer = Slots & { published: boolean };

export const availabilityKeys = {
  all: ['availability'] as const,
  slots: (sharkId: string, hours: number) => ['availability', 'slots', sharkId, hours] as const,
  slotsOf: (sharkId: string) => ['availability', 'slots', sharkId] as const,
  workspace: (sharkId: string | undefined) => ['availability', 'workspace', sharkId ?? 'own'] as const,
};

const scope = (sharkId: string | undefined) => (sharkId ? `?sharkId=${encodeURIComponent(sharkId)}` : '');

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

export const useWorkspaceAvailability = (sharkId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: availabilityKeys.workspace(sharkId),
    queryFn: () => api.get<AvailabilityView>(`/api/workspace/availability${scope(sharkId)}`),
    enabled,
  });

export function useSaveAvailability(sharkId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilitySettingsInput) =>
      api.put<{ message: string; availability: AvailabilityView }>(
        `/api/workspace/availability${scope(sharkId)}`,
        input,
      ),
    onSuccess: (res) => {
      qc.setQueryData(availabilityKeys.workspace(sharkId), res.availability);
      void qc.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
}
