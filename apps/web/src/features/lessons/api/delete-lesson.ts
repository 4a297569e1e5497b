import { useMutation } from '@tanstack/react-query';
import { lessonsContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { refreshLessonsAndCourses } from './save-lesson';

export function useDeleteLesson() {
  return useMutation({
    mutationFn: (lessonId: string) => api.call(lessonsContract.delete, { body: { lessonId } }),
    onSuccess: refreshLessonsAndCourses,
  });
}
