import { useMutation } from '@tanstack/react-query';
import { type EndpointResponse, specificationsContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { followDownloadLink, uploadWithProgress } from '@/lib/upload';
import { refreshCourses } from './save-course';

type UploadResult = EndpointResponse<typeof specificationsContract.uploadCourseFiles>;

/** Uploads one course file with progress (`lib/upload.ts`). */
export async function uploadCourseFile(
  specificationId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  return uploadWithProgress<UploadResult>(
    specificationsContract.uploadCourseFiles.path,
    new URLSearchParams({ specificationId, names: file.name }),
    file,
    onProgress,
  );
}

export function useDeleteCourseFile() {
  return useMutation({
    mutationFn: (id: string) => api.call(specificationsContract.deleteCourseFile, { params: { id } }),
    onSuccess: refreshCourses,
  });
}

/**
 * A download is a plain browser link: the signed call asks for a short-lived single-use link
 * first (the link cannot carry the signed headers), then the browser follows it as a download.
 */
export function useDownloadCourseFile() {
  return useMutation({
    mutationFn: async (id: string) => {
      const { url } = await api.call(specificationsContract.courseFileLink, { params: { id } });
      followDownloadLink(url);
    },
  });
}
