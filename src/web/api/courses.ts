// A shark's own courses: list with enrolled counts, create, update, delete, image upload.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseSaved, CourseValues, OwnCourse } from '../../shared/schemas/courses';
import { api } from './client';
import { scoped, workspaceKeys } from './workspace';
import { catalogueKeys } from '../../shared/catalogue-keys';

export const getOwnCoursesQueryOptions = (sharkId?: string) =>
  queryOptions({ queryKey: workspaceKeys.courses(sharkId), queryFn: () => api.get<OwnCourse[]>(scoped('/api/workspace/courses', sharkId)) });
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
        ? api.put<CourseSaved>(scoped(`/api/workspace/courses/${encodeURIComponent(id)}`, sharkId), values)
        : api.post<CourseSaved>(scoped('/api/workspace/courses', sharkId), values),
    onSettled: changed,
  });
}

export function useUploadCourseImage(sharkId?: string) {
  const changed = useCoursesChanged(sharkId);
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<CourseSaved>(scoped(`/api/workspace/courses/${encodeURIComponent(id)}/image`, sharkId), form);
    },
    onSettled: changed,
  });
}

export function useDeleteCourse(sharkId?: string) {
  const changed = useCoursesChanged(sharkId);
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(scoped(`/api/workspace/courses/${encodeURIComponent(id)}`, sharkId)),
    onSettled: changed,
  });
}
