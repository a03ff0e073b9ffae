// A session's calls on the web side: its detail (as this viewer sees it), its actions, its message thread.
// Every action answers with the session after it: that answer replaces the cached detail, and the lists that
// show the session's status (the learner's bookings, the shark's workspace) are fetched again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sessionApi,
  type MeetingLinkInput,
  type NoShowInput,
  type RescheduleInput,
  type SendMessageInput,
  type SessionActionResult,
  type SessionBriefInput,
  type SessionDetail,
  type SessionMessage,
  type SessionNotesInput,
  type SessionReasonInput,
} from '#shared/sessions.ts';
import { api } from '#web/lib/api-client.ts';
import { bookingKeys, sessionKeys, workspaceKeys } from '#web/features/query-keys/keys.ts';

/** How often the thread is fetched again while the page is open (new messages of the other side). */
export const MESSAGE_REFRESH_MS = 15_000;

export const getSession = (id: string) => api.get<SessionDetail>(sessionApi.detail(id));

export const getSessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: sessionKeys.detail(id), queryFn: () => getSession(id) });

export const useSessionDetail = (id: string) => useQuery(getSessionQueryOptions(id));

export const getSessionMessages = (id: string) => api.get<SessionMessage[]>(sessionApi.messages(id));

export const getSessionMessagesQueryOptions = (id: string) =>
  queryOptions({ queryKey: sessionKeys.messages(id), queryFn: () => getSessionMessages(id) });

export const useSessionMessages = (id: string, enabled = true) =>
  useQuery({ ...getSessionMessagesQueryOptions(id), enabled, refetchInterval: MESSAGE_REFRESH_MS });

/** Each action of the contract: its HTTP method and path below /api/sessions/:id, and what it sends. */
type ActionCall =
  | { action: 'accept' }
  | { action: 'decline'; body: SessionReasonInput }
  | { action: 'cancel'; body: SessionReasonInput }
  | { action: 'reschedule'; body: RescheduleInput }
  | { action: 'acceptReschedule' }
  | { action: 'declineReschedule' }
  | { action: 'reportNoShow'; body: NoShowInput }
  | { action: 'setMeetingLink'; body: MeetingLinkInput }
  | { action: 'editBrief'; body: SessionBriefInput }
  | { action: 'editNotes'; body: SessionNotesInput };

const ROUTE: Record<ActionCall['action'], { method: 'post' | 'put'; path: string }> = {
  accept: { method: 'post', path: 'accept' },
  decline: { method: 'post', path: 'decline' },
  cancel: { method: 'post', path: 'cancel' },
  reschedule: { method: 'post', path: 'reschedule' },
  acceptReschedule: { method: 'post', path: 'reschedule/accept' },
  declineReschedule: { method: 'post', path: 'reschedule/decline' },
  reportNoShow: { method: 'post', path: 'no-show' },
  setMeetingLink: { method: 'put', path: 'meeting-link' },
  editBrief: { method: 'put', path: 'brief' },
  editNotes: { method: 'put', path: 'notes' },
};

export const runSessionAction = (id: string, call: ActionCall) => {
  const { method, path } = ROUTE[call.action];
  return api[method]<SessionActionResult>(sessionApi.action(id, path), 'body' in call ? call.body : {});
};

export function useSessionAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (call: ActionCall) => runSessionAction(id, call),
    onSuccess: (result) => {
      qc.setQueryData(sessionKeys.detail(id), result.session);
      void qc.invalidateQueries({ queryKey: bookingKeys.mine });
      void qc.invalidateQueries({ queryKey: workspaceKeys.all });
    },
  });
}

export const sendSessionMessage = (id: string, input: SendMessageInput) =>
  api.post<SessionMessage>(sessionApi.messages(id), input);

/**
 * The sent message joins the cached thread at once; the next refresh brings the other side's. A read of the
 * thread already on its way (the page's first load, a refresh) may have been answered before the message was
 * stored: it is cancelled first, or its answer would write the thread back without the message (seen in the
 * browser tests as "Message sent." over "No messages yet."), then the thread is read again in full.
 */
export function useSendSessionMessage(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendSessionMessage(id, input),
    onSuccess: async (message) => {
      const key = sessionKeys.messages(id);
      await qc.cancelQueries({ queryKey: key });
      qc.setQueryData<SessionMessage[]>(key, (old) =>
        old?.some((m) => m.id === message.id) ? old : [...(old ?? []), message],
      );
      void qc.invalidateQueries({ queryKey: key });
    },
  });
}
