import { useMutation } from '@tanstack/react-query';
import { authContract, type ChangePasswordBody } from '@tutoria/shared';
import { api } from '@/lib/api-client';

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.call(authContract.changePassword, { body }),
  });
}
