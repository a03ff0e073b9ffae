// Reviews on the web side: "Notify Me" asks to be told when a shark's reviews open (a mutation only, so no keys yet).
import { useMutation } from '@tanstack/react-query';
import type { NotifyResult } from '#shared/reviews.ts';
import { api } from '#web/lib/api-client.ts';

export const notifyReviews = (sharkId: string) =>
  api.post<NotifyResult>(`/api/sharks/${encodeURIComponent(sharkId)}/notify-reviews`);

export const useNotifyReviews = () => useMutation({ mutationFn: notifyReviews });
