import { useMutation } from '@tanstack/react-query';
import { type ErrorBody, usersContract } from '@tutoria/shared';
import i18next from 'i18next';
import { ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-storage';
import { API_ROOT, getClientConfig } from '@/lib/client-config';
import { currentLanguage } from '@/lib/i18n';
import { signatureHeaders } from '@/lib/signature';

/** Sends a profile image as multipart (`user/uploadImage`); answers the imageUrl to store on the user. */
async function uploadUserImage(file: File): Promise<string> {
  const { applicationId, applicationSecret } = getClientConfig();
  const form = new FormData();
  form.append('file', file);
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(API_ROOT + usersContract.uploadImage.path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': currentLanguage(),
        ...signatureHeaders(applicationId, applicationSecret),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: form,
    });
  } catch {
    throw new ApiError(i18next.t('common:errors.network'), 'NETWORK_ERROR', 0);
  }
  const payload = (await response.json().catch(() => null)) as (ErrorBody & { imageUrl?: string }) | null;
  if (!response.ok || !payload?.imageUrl) {
    throw new ApiError(
      payload?.message ?? i18next.t('errors:INTERNAL_ERROR'),
      payload?.code ?? 'INTERNAL_ERROR',
      response.status,
      payload?.details ?? [],
    );
  }
  return payload.imageUrl;
}

export function useUploadUserImage() {
  return useMutation({ mutationFn: uploadUserImage });
}
