import {
  type TInvoiceListResponse,
  type TInvoiceStatus,
  ZInvoiceListResponse,
} from '@settle/shared/invoices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { askPage } from '../../../components/grid/grid-cursors';
import { apiRequest } from '../../../lib/api-client';
import { markDataArrived } from '../../../lib/draw-timing';

export type InvoiceSortDir = 'asc' | 'desc';

/** The list query of the grid; the exports send the same fields. */
export interface InvoiceListParams {
  custNo: string;
  currencyCode: string;
  status: TInvoiceStatus;
  page: number;
  pageSize: number;
  sort: string;
  dir: InvoiceSortDir;
  filter?: string;
}

export const invoiceListKey = ['invoices', 'list'] as const;

/** The query-string fields of GET {api}/invoices (and of the exports). */
export function toInvoiceListQuery(params: InvoiceListParams): Record<string, string | undefined> {
  return {
    custNo: params.custNo,
    currencyCode: params.currencyCode,
    status: params.status,
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    dir: params.dir,
    filter: params.filter ? params.filter : undefined,
  };
}

/** Everything but the page: pages of one list share it (and its keyset cursors). */
const listOf = (params: InvoiceListParams) =>
  JSON.stringify([
    'invoices',
    params.custNo,
    params.currencyCode,
    params.status,
    params.pageSize,
    params.sort,
    params.dir,
    params.filter ?? '',
  ]);

/**
 * A filtered page is asked without its totals (the grid asks them with getInvoiceTotals beside
 * it, so the rows never wait for them); the next page of a list carries the cursor its previous
 * page gave.
 */
export function getInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<TInvoiceListResponse> {
  return askPage(listOf(params), params.page, (cursor) =>
    apiRequest('/invoices', {
      query: {
        ...toInvoiceListQuery(params),
        totals: params.filter ? 'separate' : undefined,
        cursor,
      },
      schema: ZInvoiceListResponse,
      signal,
      // The grid shows a failed load itself, with a Retry button.
      showsOwnFailure: true,
    }),
  );
}

const scopeOf = (params: InvoiceListParams) =>
  [params.custNo, params.currencyCode, params.status, params.filter ?? ''].join('|');

/**
 * A page of invoices. Customer and currency are sent explicitly and are in the key, so the
 * account selector's change fetches the new account's rows. Paging and sorting keep the
 * previous page on screen while the next one loads, but never across accounts or statuses.
 */
export function useInvoices(params: InvoiceListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...invoiceListKey, params],
    queryFn: async ({ signal }) => {
      const answer = await getInvoices(params, signal);
      markDataArrived('invoices');
      return answer;
    },
    enabled: options.enabled ?? true,
    placeholderData: (previous, previousQuery) => {
      const previousParams = previousQuery?.queryKey[2] as InvoiceListParams | undefined;
      return previousParams && scopeOf(previousParams) === scopeOf(params)
        ? keepPreviousData(previous)
        : undefined;
    },
    // Promise and cart flags change on other screens (the cart page): always check on return.
    staleTime: 0,
  });
}
