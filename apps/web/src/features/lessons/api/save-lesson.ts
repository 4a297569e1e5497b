import { useMutation } from '@tanstack/react-query';
import { type CreateLessonBody, type EditLessonBody, lessonsContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { courseKeys, lessonKeys } from '@/lib/query-keys';

/** Lessons appear inside courses too: both lists are refreshed after a change. */
export async function refreshLessonsAndCourses(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
    queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  ]);
}

export function useCreateLesson() {
  return useMutation({
    mutationFn: (body: CreateLessonBody) => api.call(lessonsContract.create, { body }),
    onSuccess: refreshLessonsAndCourses,
  });
}

export function useEditLesson() {
  return useMutation({
    mutationFn: (body: EditLessonBody) => api.call(lessonsContract.edit, { body }),
    onSuccess: refreshLessonsAndCourses,
  });
}
