import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { contract, type EndpointResponse, type ErrorBody } from '@tutoria/shared';
import { api, ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-storage';
import { API_ROOT, getClientConfig } from '@/lib/client-config';
import { currentLanguage } from '@/lib/i18n';
import { signatureHeaders } from '@/lib/signature';
import { refreshCourses } from './save-course';

type UploadResult = EndpointResponse<typeof contract.specifications.uploadCourseFiles>;

/**
 * One file to `uploadCourseFiles?names`, by XMLHttpRequest because fetch reports no upload
 * progress. Signed and authorised like every call (DESIGN §4); the answer is read the same way.
 */
function send(
  specificationId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ specificationId, names: file.name });
    xhr.open('POST', `${API_ROOT}${contract.specifications.uploadCourseFiles.path}?${query}`);
    const { applicationId, applicationSecret } = getClientConfig();
    const headers: Record<string, string> = {
      ...signatureHeaders(applicationId, applicationSecret),
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
    };
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(i18next.t('common:errors.network'), 'NETWORK_ERROR', 0));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as UploadResult);
        return;
      }
      const error = body as Partial<ErrorBody> | undefined;
      reject(
        new ApiError(
          error?.message || i18next.t('errors:INTERNAL_ERROR'),
          error?.code ?? 'INTERNAL_ERROR',
          xhr.status,
          error?.details ?? [],
        ),
      );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads one course file with progress. A 401 goes through the API client once, which renews
 * the access token (then the upload is tried again) or ends the session as every call does.
 */
export async function uploadCourseFile(
  specificationId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  try {
    return await send(specificationId, file, onProgress);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await api.call(contract.auth.isAdmin);
    onProgress(0);
    return send(specificationId, file, onProgress);
  }
}

export function useDeleteCourseFile() {
  return useMutation({
    mutationFn: (id: string) => api.call(contract.specifications.deleteCourseFile, { params: { id } }),
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
      const { url } = await api.call(contract.specifications.courseFileLink, { params: { id } });
      const link = document.createElement('a');
      link.href = url;
      link.download = '';
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    },
  });
}
