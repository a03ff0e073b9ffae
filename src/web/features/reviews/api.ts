// Reviews on the web side (issue 14): a shark's published reviews (paged), the learner's review of a session,
// the shark's list and reply, reports, and the admin's queue with hide / publish again. Keys come from here.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { catalogueKeys } from '#shared/catalogue-keys.ts';
import type {
  NotifyResult,
  ReportResult,
  ReportedReviewPage,
  ReviewInput,
  ReviewPage,
  ReviewReplyResult,
  ReviewSaved,
  SessionReviewState,
  WorkspaceReviewPage,
} from '#shared/reviews.ts';
import { api, withQuery } from '#web/lib/api-client.ts';
import { reviewKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';

/** After a review changes: its lists, and the shark's rating on cards and profiles. */
const refreshReviews = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  ]);

const pageAfter = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

export const notifyReviews = (sharkId: string) =>
  api.post<NotifyResult>(`/api/sharks/${encodeURIComponent(sharkId)}/notify-reviews`);
export const useNotifyReviews = () => useMutation({ mutationFn: notifyReviews });

export const getSharkReviewsQueryOptions = (sharkId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.shark(sharkId),
    queryFn: ({ pageParam }) =>
      api.get<ReviewPage>(
        withQuery(`/api/sharks/${encodeURIComponent(sharkId)}/reviews`, { page: pageParam }),
      ),
    initialPageParam: 1,
    getNextPageParam: pageAfter,
  });
export const useSharkReviews = (sharkId: string) => useInfiniteQuery(getSharkReviewsQueryOptions(sharkId));

export const getSessionReviewQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: reviewKeys.session(bookingId),
    queryFn: () => api.get<SessionReviewState>(`/api/sessions/${encodeURIComponent(bookingId)}/review`),
  });
export const useSessionReview = (bookingId: string) => useQuery(getSessionReviewQueryOptions(bookingId));

/** Writes (POST) or edits (PUT) the learner's review; the answer is the form's new state. */
export function useSaveReview(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, edit }: { input: ReviewInput; edit: boolean }) => {
      const url = `/api/sessions/${encodeURIComponent(bookingId)}/review`;
      return edit ? api.put<ReviewSaved>(url, input) : api.post<ReviewSaved>(url, input);
    },
    onSuccess: (res) => queryClient.setQueryData(reviewKeys.session(bookingId), res.state),
    onSettled: () => refreshReviews(queryClient),
  });
}

export const getWorkspaceReviewsQueryOptions = (sharkId?: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.workspace(sharkId),
    queryFn: ({ pageParam }) =>
      api.get<WorkspaceReviewPage>(
        withQuery(withSharkId('/api/workspace/reviews', sharkId), { page: pageParam }),
      ),
    initialPageParam: 1,
    getNextPageParam: pageAfter,
  });
export const useWorkspaceReviews = (sharkId?: string) =>
  useInfiniteQuery(getWorkspaceReviewsQueryOptions(sharkId));

export function useReplyToReview(sharkId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: string }) =>
      api.post<ReviewReplyResult>(withSharkId(`/api/workspace/reviews/${reviewId}/reply`, sharkId), { body }),
    onSettled: () => refreshReviews(queryClient),
  });
}

export const useReportReview = () =>
  useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      api.post<ReportResult>(`/api/reviews/${encodeURIComponent(reviewId)}/reports`, { reason }),
  });

/** The reported reviews, a page at a time, searched on the server (issue 25). */
export const useReportedReviews = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: reviewKeys.reported(q, page),
      queryFn: () => api.get<ReportedReviewPage>('/api/admin/reviews', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, hidden, reason }: { reviewId: string; hidden: boolean; reason: string }) =>
      api.post<{ message: string }>(`/api/admin/reviews/${reviewId}/${hidden ? 'hide' : 'unhide'}`, {
        reason,
      }),
    onSettled: () => refreshReviews(queryClient),
  });
}
