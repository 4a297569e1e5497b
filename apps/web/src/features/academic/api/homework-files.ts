import { useMutation } from '@tanstack/react-query';
import { type EndpointResponse, homeworkFilesContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { academicKeys } from '@/lib/query-keys';
import { followDownloadLink, uploadWithProgress } from '@/lib/upload';

type UploadResult = EndpointResponse<typeof homeworkFilesContract.uploadHomeworkFiles>;

/** Homework lists (session records, tasks, reports) show the files: all of them refresh. */
export const refreshHomeworkFiles = () => queryClient.invalidateQueries({ queryKey: academicKeys.all });

/** Uploads one homework file with progress: the caller's kind (assignment or answer) is the server's call. */
export function uploadHomeworkFile(homeworkId: string, file: File, onProgress: (fraction: number) => void) {
  return uploadWithProgress<UploadResult>(
    homeworkFilesContract.uploadHomeworkFiles.path,
    new URLSearchParams({ homeworkId, names: file.name }),
    file,
    onProgress,
  );
}

export function useDeleteHomeworkFile() {
  return useMutation({
    mutationFn: (id: string) => api.call(homeworkFilesContract.deleteHomeworkFile, { params: { id } }),
    onSuccess: refreshHomeworkFiles,
  });
}

/** A one-use link asked by a signed call, then followed by the browser as a download. */
export function useDownloadHomeworkFile() {
  return useMutation({
    mutationFn: async (id: string) => {
      const { url } = await api.call(homeworkFilesContract.homeworkFileLink, { params: { id } });
      followDownloadLink(url);
    },
  });
}
