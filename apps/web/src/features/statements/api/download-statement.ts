import { filenameFromDisposition } from '../../../components/grid/export-file';
import { getApiBase } from '../../../lib/public-config';
import { fetchFile, saveBlob } from '../../../lib/receipt-pdf';
import { type StatementParams, toStatementQuery } from './get-statement';

/**
 * GET {api}/statement/{pdf|xlsx}: the statement as a file, saved as a download. A JSON body is
 * a refusal (a bad period, another customer) and becomes an ApiError.
 */
export async function downloadStatement(params: StatementParams, format: 'pdf' | 'xlsx'): Promise<string> {
  const query = new URLSearchParams(toStatementQuery(params));
  const response = await fetchFile(`${getApiBase()}/statement/${format}?${query}`, {
    headers: { Accept: 'application/octet-stream, application/json' },
    credentials: 'same-origin',
  });
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `statement-${params.custNo}.${format}`,
  );
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  saveBlob(new Blob([await response.arrayBuffer()], { type }), filename);
  return filename;
}
