import { filenameFromDisposition } from '../../../components/grid/export-file';
import { toApiError } from '../../../lib/api-client';
import { ApiError, ClientErrorCode } from '../../../lib/api-error';
import { getApiBase } from '../../../lib/public-config';
import { saveBlob } from '../../../lib/receipt-pdf';
import { type StatementParams, toStatementQuery } from './get-statement';

/**
 * GET {api}/statement/{pdf|xlsx}: the statement as a file, saved as a download. A JSON body is
 * a refusal (a bad period, another customer) and becomes an ApiError.
 */
export async function downloadStatement(params: StatementParams, format: 'pdf' | 'xlsx'): Promise<string> {
  const query = new URLSearchParams(toStatementQuery(params));
  let response: Response;
  try {
    response = await fetch(`${getApiBase()}/statement/${format}?${query}`, {
      headers: { Accept: 'application/octet-stream, application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({
      status: 0,
      code: ClientErrorCode.NETWORK,
      message: 'The server is not responding.',
    });
  }
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  if (!response.ok || contentType.includes('json')) {
    const payload = await response.json().catch(() => undefined);
    throw toApiError(response.ok ? 400 : response.status, payload, true);
  }
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `statement-${params.custNo}.${format}`,
  );
  saveBlob(new Blob([await response.arrayBuffer()], { type: contentType }), filename);
  return filename;
}
