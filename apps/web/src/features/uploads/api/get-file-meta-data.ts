import { type TUploadMetaData, ZUploadMetaData } from '@settle/shared/uploads';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getFileMetaData(signal?: AbortSignal): Promise<TUploadMetaData> {
  return apiRequest('/upload/fileMetaData/', { schema: ZUploadMetaData, signal });
}

/** GET {api}/upload/fileMetaData/: the size limit (MB) the queue checks files against. */
export function useFileMetaData() {
  return useQuery({
    queryKey: ['uploads', 'fileMetaData'],
    queryFn: ({ signal }) => getFileMetaData(signal),
    staleTime: 10 * 60_000,
  });
}
