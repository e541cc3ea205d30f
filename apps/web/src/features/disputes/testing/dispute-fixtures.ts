import type { TDispute, TReasonCode } from '@settle/shared/disputes';

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
