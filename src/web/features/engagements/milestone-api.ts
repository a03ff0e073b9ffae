// A milestone's moves from the engagement page (issue 27, decisions 176-179): its checkout (open, confirm,
// abandon), delivery, approval, changes and disputes. Each invalidates the engagements' queries.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MilestoneCheckout } from '#shared/engagements.ts';
import type { CheckoutCallback } from '#shared/payments.ts';
import { api } from '#web/lib/api-client.ts';
import { engagementKeys } from '#web/features/query-keys/keys.ts';

type Message = { message: string };
const enc = encodeURIComponent;
const base = (engagementId: string, milestoneId: string) =>
  `/api/engagements/${enc(engagementId)}/milestones/${enc(milestoneId)}`;

function useMilestoneMutation<T, R = Message>(fn: (v: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.all }),
  });
}

export const useOpenMilestoneCheckout = (engagementId: string) =>
  useMilestoneMutation((milestoneId: string) =>
    api.post<MilestoneCheckout>(`${base(engagementId, milestoneId)}/checkout`, {}),
  );

export const useConfirmMilestoneCheckout = (engagementId: string) =>
  useMilestoneMutation((v: { milestoneId: string; callback: CheckoutCallback }) =>
    api.post<Message>(`${base(engagementId, v.milestoneId)}/checkout/confirm`, v.callback),
  );

export const useAbandonMilestoneCheckout = (engagementId: string) =>
  useMilestoneMutation((v: { milestoneId: string; outcome: 'closed' | 'failed' }) =>
    api.post<Message>(`${base(engagementId, v.milestoneId)}/checkout/abandon`, { outcome: v.outcome }),
  );

/** deliver (optional note), approve, changes (note), dispute (reason). */
export const useMilestoneMove = (engagementId: string) =>
  useMilestoneMutation(
    (v: { milestoneId: string; move: 'deliver' | 'approve' | 'changes' | 'dispute'; body?: object }) =>
      api.post<Message>(`${base(engagementId, v.milestoneId)}/${v.move}`, v.body ?? {}),
  );
