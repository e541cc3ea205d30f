import {
  type TPaymentLogDateRange,
  type TPaymentLogListResponse,
  ZPaymentLogListResponse,
} from '@settle/shared/payment-logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { askPage } from '../../../components/grid/grid-cursors';
import { apiRequest } from '../../../lib/api-client';

export const paymentLogsRootKey = ['paymentLogs'] as const;

/** The payment log grid's list query; the exports send the same fields. */
export interface PaymentLogListParams {
  custNo: string;
  currencyCode: string;
  dateRange: TPaymentLogDateRange;
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
  filter?: string;
}

/** The query-string fields of GET {api}/payment/logs (and of its exports). */
export function toPaymentLogListQuery(params: PaymentLogListParams): Record<string, string | undefined> {
  return {
    custNo: params.custNo,
    currencyCode: params.currencyCode,
    dateRange: params.dateRange,
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    dir: params.dir,
    filter: params.filter ? params.filter : undefined,
  };
}

/** Everything but the page: pages of one list share it (and its keyset cursors). */
const listOf = (params: PaymentLogListParams) =>
  JSON.stringify([
    'paymentLogs',
    params.custNo,
    params.currencyCode,
    params.dateRange,
    params.pageSize,
    params.sort,
    params.dir,
    params.filter ?? '',
  ]);

/**
 * A filtered page is asked without its totals: the grid asks them beside it (getPaymentLogTotals);
 * the next page of a list carries the cursor its previous page gave, as on the invoice grid.
 */
export function getPaymentLogs(
  params: PaymentLogListParams,
  signal?: AbortSignal,
): Promise<TPaymentLogListResponse> {
  return askPage(listOf(params), params.page, (cursor) =>
    apiRequest('/payment/logs', {
      query: { ...toPaymentLogListQuery(params), totals: params.filter ? 'separate' : undefined, cursor },
      schema: ZPaymentLogListResponse,
      signal,
      // The grid shows a failed load itself, with a Retry button.
      showsOwnFailure: true,
    }),
  );
}

const scopeOf = (params: PaymentLogListParams) =>
  [params.custNo, params.currencyCode, params.dateRange, params.filter ?? ''].join('|');

/** A page of the payment log; paging and sorting keep the previous page on screen, never across scopes. */
export function usePaymentLogs(params: PaymentLogListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...paymentLogsRootKey, 'grid', params],
    queryFn: ({ signal }) => getPaymentLogs(params, signal),
    enabled: options.enabled ?? true,
    placeholderData: (previous, previousQuery) => {
      const previousParams = previousQuery?.queryKey[2] as PaymentLogListParams | undefined;
      return previousParams && scopeOf(previousParams) === scopeOf(params)
        ? keepPreviousData(previous)
        : undefined;
    },
  });
}
