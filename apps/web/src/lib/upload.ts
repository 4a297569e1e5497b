import i18next from 'i18next';
import { authContract, type ErrorBody } from '@tutoria/shared';
import { api, ApiError } from './api-client';
import { getAccessToken } from './auth-storage';
import { API_ROOT, getClientConfig } from './client-config';
import { currentLanguage } from './i18n';
import { signatureHeaders } from './signature';

/**
 * One file to a multipart upload endpoint (`path` with its query), by XMLHttpRequest because fetch
 * reports no upload progress. Signed and authorised like every call (DESIGN §4); the answer is read
 * the same way.
 */
function send<T>(
  path: string,
  query: URLSearchParams,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_ROOT}${path}?${query}`);
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
        resolve(body as T);
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
 * Uploads one file with progress. A 401 goes through the API client once, which renews the access
 * token (then the upload is tried again) or ends the session as every call does.
 */
export async function uploadWithProgress<T>(
  path: string,
  query: URLSearchParams,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<T> {
  try {
    return await send<T>(path, query, file, onProgress);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await api.call(authContract.isAdmin);
    onProgress(0);
    return send<T>(path, query, file, onProgress);
  }
}

/**
 * A download is a plain browser link: the signed call asks for a short-lived single-use link first
 * (the link cannot carry the signed headers), then the browser follows it as a download.
 */
export function followDownloadLink(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
