import { useQuery } from '@tanstack/react-query';

/** A PDF the viewer shows: where it comes from (an invoice document, a payment receipt...). */
export interface PdfFileSource {
  /** Identifies the document: a new key is a new document. */
  key: readonly unknown[];
  load: (signal?: AbortSignal) => Promise<{ blob: Blob; filename: string }>;
}

/** Reads a PDF for the viewer once per opening: never cached, never refetched behind the user's back. */
export function usePdfFile(source: PdfFileSource, enabled = true) {
  return useQuery({
    queryKey: ['documents', ...source.key],
    queryFn: ({ signal }) => source.load(signal),
    enabled,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
