// How the workspace shark's sessions get a meeting room (issue 26, decision 149): read and change the choice.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetingRoom, MeetingRoomInput } from '#shared/meeting-rooms.ts';
import { api } from '#web/lib/api-client.ts';
import { workspaceKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';

const PATH = '/api/workspace/meeting-room';

export const getMeetingRoomQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: workspaceKeys.meetingRoom(sharkId),
    queryFn: () => api.get<MeetingRoom>(withSharkId(PATH, sharkId)),
  });
export const useMeetingRoom = (sharkId?: string) => useQuery(getMeetingRoomQueryOptions(sharkId));

export function useSaveMeetingRoom(sharkId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: MeetingRoomInput) =>
      api.put<{ message: string; room: MeetingRoom }>(withSharkId(PATH, sharkId), values),
    onSuccess: (saved) => queryClient.setQueryData(workspaceKeys.meetingRoom(sharkId), saved.room),
  });
}
