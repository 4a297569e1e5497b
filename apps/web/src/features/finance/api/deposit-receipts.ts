import { useMutation } from '@tanstack/react-query';
import { contract, type EndpointResponse } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { followDownloadLink, uploadWithProgress } from '@/lib/upload';
import { financeKeys } from './deposits';

type UploadResult = EndpointResponse<typeof contract.depositReceipts.uploadReceipt>;

/** The deposit lists (staff's and the student's own) show the receipt: both refresh. */
const refreshDeposits = () => queryClient.invalidateQueries({ queryKey: financeKeys.all });

/** Uploads a deposit's receipt (replacing the one before), then refreshes the lists. */
export async function uploadDepositReceipt(
  depositId: string,
  file: File,
  onProgress: (fraction: number) => void = () => undefined,
) {
  try {
    return await uploadWithProgress<UploadResult>(
      contract.depositReceipts.uploadReceipt.path,
      new URLSearchParams({ depositId, name: file.name }),
      file,
      onProgress,
    );
  } finally {
    await refreshDeposits();
  }
}

export function useDeleteDepositReceipt() {
  return useMutation({
    mutationFn: (depositId: string) =>
      api.call(contract.depositReceipts.deleteReceipt, { body: { depositId } }),
    onSuccess: refreshDeposits,
  });
}

/** A one-use link asked by a signed call, then followed by the browser as a download. */
export function useDownloadDepositReceipt() {
  return useMutation({
    mutationFn: async (depositId: string) => {
      const { url } = await api.call(contract.depositReceipts.receiptLink, { body: { depositId } });
      followDownloadLink(url);
    },
  });
}
