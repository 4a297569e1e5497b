import { useMutation } from '@tanstack/react-query';
import {
  type CreateSpecificationBody,
  type EditSpecificationBody,
  specificationsContract,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { courseKeys } from '@/lib/query-keys';

export const refreshCourses = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });

export function useCreateCourse() {
  return useMutation({
    mutationFn: (body: CreateSpecificationBody) => api.call(specificationsContract.create, { body }),
    onSuccess: refreshCourses,
  });
}

export function useEditCourse() {
  return useMutation({
    mutationFn: (body: EditSpecificationBody) => api.call(specificationsContract.edit, { body }),
    onSuccess: refreshCourses,
  });
}

export function useDeleteCourse() {
  return useMutation({
    mutationFn: (specificationId: string) =>
      api.call(specificationsContract.delete, { body: { specificationId } }),
    onSuccess: refreshCourses,
  });
}
