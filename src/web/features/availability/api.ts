// Availability on the web side: the shark's own rules in the workspace (free slots as learners see them are in
// features/slots).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilitySettingsInput, AvailabilityView } from '#shared/availability.ts';
import { api } from '#web/lib/api-client.ts';
import { availabilityKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';

export const useWorkspaceAvailability = (sharkId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: availabilityKeys.workspace(sharkId),
    queryFn: () => api.get<AvailabilityView>(withSharkId('/api/workspace/availability', sharkId)),
    enabled,
  });

export function useSaveAvailability(sharkId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilitySettingsInput) =>
      api.put<{ message: string; availability: AvailabilityView }>(
        withSharkId('/api/workspace/availability', sharkId),
        input,
      ),
    onSuccess: (res) => {
      qc.setQueryData(availabilityKeys.workspace(sharkId), res.availability);
      void qc.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
}
