import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { contractsContract, type EndpointResponse, type ListQueryInput } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';
import { followDownloadLink, uploadWithProgress } from '@/lib/upload';
import { refreshFinance } from './confirmation';

const c = contractsContract;
const keys = financeKeys.contracts;

/** One page of the contracts in reach (`GetAllContracts`), the previous page kept while the next loads. */
export function contractsQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.call(c.list, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A student's contracts and sums (`GetStudentsContractBalance`); nothing until a student is chosen. */
export function useStudentContracts(studentPublicKey: string | null) {
  return useQuery({
    queryKey: keys.student(studentPublicKey),
    queryFn: ({ signal }) => api.call(c.studentBalance, { query: { studentPublicKey: studentPublicKey! } }, { signal }),
    enabled: studentPublicKey !== null,
  });
}

type Command = 'create' | 'edit' | 'delete' | 'deleteFile';

/** A contract command; success refreshes every finance figure (the deposits list names contracts too). */
export function useContractMutation<K extends Command>(name: K) {
  const endpoint = c[name];
  return useMutation({
    mutationFn: (body: RequestBody<(typeof c)[K]>) => api.callWithBody(endpoint, body),
    onSuccess: refreshFinance,
  });
}

type UploadResult = EndpointResponse<typeof c.uploadFile>;

/** Uploads a contract's file (`uploadContractFile?name`, replacing the one before), then refreshes the lists. */
export async function uploadContractFile(contractId: string, file: File) {
  try {
    return await uploadWithProgress<UploadResult>(c.uploadFile.path, new URLSearchParams({ contractId, name: file.name }), file, () => undefined);
  } finally {
    await refreshFinance();
  }
}

/** A one-use link asked by a signed call, then followed by the browser as a download. */
export function useDownloadContractFile() {
  return useMutation({
    mutationFn: async (contractId: string) => {
      const { url } = await api.call(c.fileLink, { body: { contractId } });
      followDownloadLink(url);
    },
  });
}
