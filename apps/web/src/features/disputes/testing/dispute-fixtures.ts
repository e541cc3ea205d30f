import {
  DISPUTE_COLUMNS,
  type TDispute,
  type TDisputeListResponse,
  type TDisputeRow,
  type TReasonCode,
} from '@settle/shared/disputes';
import { addMoney } from '@settle/shared/money';
import { buildGridColumnPreferences } from '../../../testing/column-preferences';
import { headerRoutes } from '../../../testing/common-routes';
import type { StubRoute } from '../../../testing/fetch-stub';

export const REASONS: TReasonCode[] = [
  { code: 'PRICE', description: 'Price disagreement' },
  { code: 'DAMAGED', description: 'Damaged goods' },
];

export function buildDispute(overrides: Partial<TDispute> = {}): TDispute {
  return {
    id: 70,
    probNo: 7,
    custNo: 'C100',
    accountName: 'Acme Corp',
    invNo: 'INV-1',
    openTranId: 'T-1',
    currencyCode: 'USD',
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    originalAmount: '1500.00',
    disputedAmount: '25.00',
    disputed: true,
    description: 'Two pumps arrived broken',
    reasonCode: 'DAMAGED',
    reasonDisplay: 'Damaged goods',
    statusCode: 'I',
    status: 'Identified',
    style: 'artran',
    custDispute: false,
    days: 3,
    createdBy: 'Jane Doe',
    createdOn: '2026-11-20T14:00:00.000Z',
    disputedItems: [],
    disputeNoteList: [],
    disputeAttachmentList: [],
    canUpdate: true,
    ...overrides,
  };
}

export function buildDisputeRow(overrides: Partial<TDisputeRow> = {}): TDisputeRow {
  return {
    id: 70,
    probNo: 7,
    custNo: 'C100',
    invNo: 'INV-1',
    tranId: 'T-1',
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    originalAmount: '1500.00',
    disputedAmount: '25.00',
    currencyCode: 'USD',
    reasonCode: 'DAMAGED',
    reasonDisplay: 'Damaged goods',
    statusCode: 'I',
    status: 'Identified',
    style: 'artran',
    custDispute: false,
    createdOn: '2026-11-20T14:00:00.000Z',
    disputeNoteList: [],
    ...overrides,
  };
}

export function buildDisputeListResponse(
  rows: TDisputeRow[],
  overrides: Partial<TDisputeListResponse> = {},
): TDisputeListResponse {
  return {
    custNo: 'C100',
    currencyCode: 'USD',
    page: 1,
    pageSize: 50,
    total: rows.length,
    totals: {
      count: rows.length,
      originalAmount: addMoney('0', ...rows.map((row) => row.originalAmount ?? '0')),
      disputedAmount: addMoney('0', ...rows.map((row) => row.disputedAmount ?? '0')),
    },
    nextCursor: null,
    rows,
    ...overrides,
  };
}

/** The dispute grid's calls besides the list: the signed-in header, its column preferences and saved searches. */
export function disputeGridRoutes(
  columns: StubRoute['reply'] = { body: buildGridColumnPreferences(DISPUTE_COLUMNS) },
): StubRoute[] {
  return [
    ...headerRoutes(),
    { method: 'GET', path: '/dispute/columns', reply: columns },
    { method: 'GET', path: '/search/saved', reply: { body: [] } },
  ];
}
