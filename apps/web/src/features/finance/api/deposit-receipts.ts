import { useMutation } from '@tanstack/react-query';
import { depositReceiptsContract, type EndpointResponse } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { financeKeys } from '@/lib/query-keys';
import { followDownloadLink, uploadWithProgress } from '@/lib/upload';

type UploadResult = EndpointResponse<typeof depositReceiptsContract.uploadReceipt>;

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
      depositReceiptsContract.uploadReceipt.path,
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
      api.call(depositReceiptsContract.deleteReceipt, { body: { depositId } }),
    onSuccess: refreshDeposits,
  });
}

/** A one-use link asked by a signed call, then followed by the browser as a download. */
export function useDownloadDepositReceipt() {
  return useMutation({
    mutationFn: async (depositId: string) => {
      const { url } = await api.call(depositReceiptsContract.receiptLink, { body: { depositId } });
      followDownloadLink(url);
    },
  });
}
