import { type TStatement, ZStatement } from '@settle/shared/statements';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type StatementParams = { custNo: string; currencyCode: string; from: string; to: string };

export const toStatementQuery = (params: StatementParams) => ({
  custNo: params.custNo,
  currencyCode: params.currencyCode,
  from: params.from,
  to: params.to,
});

export function getStatement(params: StatementParams, signal?: AbortSignal): Promise<TStatement> {
  return apiRequest('/statement', {
    query: toStatementQuery(params),
    schema: ZStatement,
    signal,
    showsOwnFailure: true,
  });
}

/** The statement's figures for the dialog; nothing is asked while the period is not valid. */
export function useStatement(params: StatementParams, enabled: boolean) {
  return useQuery({
    queryKey: ['statement', params],
    queryFn: ({ signal }) => getStatement(params, signal),
    enabled,
  });
}
