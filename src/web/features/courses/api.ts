// A shark's own courses: list with enrolled counts, create, update, delete, image upload, archive and restore.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseSaved, CourseValues, OwnCourse } from '#shared/courses.ts';
import { catalogueKeys } from '#shared/catalogue-keys.ts';
import { api } from '#web/lib/api-client.ts';
import { courseKeys, workspaceKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';

export const getOwnCoursesQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: courseKeys.own(sharkId),
    queryFn: () => api.get<OwnCourse[]>(withSharkId('/api/workspace/courses', sharkId)),
  });
export const useOwnCourses = (sharkId?: string) => useQuery(getOwnCoursesQueryOptions(sharkId));

/** After any course change: this shark's lists, dashboard and enrollments, and the public catalogue. */
function useCoursesChanged(sharkId?: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.scope(sharkId) });
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  };
}

export function useSaveCourse(sharkId?: string) {
  const changed = useCoursesChanged(sharkId);
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: CourseValues }) =>
      id
        ? api.put<CourseSaved>(
            withSharkId(`/api/workspace/courses/${encodeURIComponent(id)}`, sharkId),
            values,
          )
        : api.post<CourseSaved>(withSharkId('/api/workspace/courses', sharkId), values),
    onSettled: changed,
  });
}

export function useUploadCourseImage(sharkId?: string) {
  const changed = useCoursesChanged(sharkId);
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<CourseSaved>(
        withSharkId(`/api/workspace/courses/${encodeURIComponent(id)}/image`, sharkId),
        form,
      );
    },
    onSettled: changed,
  });
}

export function useDeleteCourse(sharkId?: string) {
  const changed = useCoursesChanged(sharkId);
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(
        withSharkId(`/api/workspace/courses/${encodeURIComponent(id)}`, sharkId),
      ),
    onSettled: changed,
  });
}

/** Archive (hidden from new bookings, kept for its sessions) or restore a course that has bookings. */
export const courseStatePath = (id: string, to: 'archive' | 'restore', sharkId?: string) =>
  withSharkId(`/api/workspace/courses/${encodeURIComponent(id)}/${to}`, sharkId);

export function useArchiveCourse(sharkId?: string) {
  const changed = useCoursesChanged(sharkId);
  return useMutation({
    mutationFn: ({ id, to }: { id: string; to: 'archive' | 'restore' }) =>
      api.post<CourseSaved>(courseStatePath(id, to, sharkId)),
    onSettled: changed,
  });
}
