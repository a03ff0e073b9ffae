// Engagement files (issue 27, decision 180): the list, the upload, and the download address of each file.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EngagementFile } from '#shared/engagement-files.ts';
import { api } from '#web/lib/api-client.ts';
import { engagementKeys } from '#web/features/query-keys/keys.ts';

const enc = encodeURIComponent;

export const getEngagementFilesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: engagementKeys.files(id),
    queryFn: () => api.get<EngagementFile[]>(`/api/engagements/${enc(id)}/files`),
  });
export const useEngagementFiles = (id: string) => useQuery(getEngagementFilesQueryOptions(id));

/** The authorised download: served as an attachment, so a plain link saves it. */
export const engagementFileHref = (id: string, fileId: string) =>
  `/api/engagements/${enc(id)}/files/${enc(fileId)}`;

export function useUploadEngagementFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, milestoneId }: { file: File; milestoneId?: string }) => {
      const form = new FormData();
      form.append('file', file);
      const query = milestoneId ? `?milestoneId=${enc(milestoneId)}` : '';
      return api.upload<{ message: string }>(`/api/engagements/${enc(id)}/files${query}`, form);
    },
    // The list and the timeline both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.all }),
  });
}
