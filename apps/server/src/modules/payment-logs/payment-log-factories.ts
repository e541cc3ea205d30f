import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import type { Db } from '../../db/client';
import { paymentEvents, paymentLines, payments } from '../../db/schema/payments';

let sequence = 0;

/**
 * A finished payment as the payment flows leave it (tests only): its lines when it pays
 * invoices, and its history. Amounts are decimal strings; the total is amount plus fee.
 */
export async function buildPayment(
  db: Db,
  customer: { id: number; tenantId: number; custNo: string },
  options: {
    createdAt: Date;
    currencyCode?: string;
    amount?: string;
    fee?: string;
    status?: (typeof payments.$inferInsert)['status'];
    methodType?: (typeof payments.$inferInsert)['methodType'];
    paymentType?: (typeof payments.$inferInsert)['paymentType'];
    lines?: Array<{ invoiceId: number; invNo: string; amount: string; shortPayReason?: string }>;
    trackingNo?: string;
    payerName?: string;
  },
) {
  const n = ++sequence;
  const amount = options.amount ?? '100.00';
  const fee = options.fee ?? '0.00';
  const status = options.status ?? 'SUCCESS';
  const [payment] = await db
    .insert(payments)
    .values({
      extTranRefId: `T-LOG-${process.pid}-${n}-${Date.now()}`,
      tenantId: customer.tenantId,
      customerId: customer.id,
      custNo: customer.custNo,
      payerName: options.payerName ?? 'Pat Payer',
      currencyCode: options.currencyCode ?? 'USD',
      flow: options.lines ? 'cart' : 'on_account',
      paymentType: options.paymentType ?? 'CREDIT_CARD',
      methodType: options.methodType ?? 'CARD',
      provider: 'sandbox',
      amount,
      fee,
      total: fromMinorUnits(toMinorUnits(amount) + toMinorUnits(fee)),
      status,
      trackingNo: options.trackingNo ?? `TRK${String(n).padStart(6, '0')}`,
      accountMasked: '************4242',
      createdAt: options.createdAt,
      settledAt: status === 'PENDING' ? null : new Date(options.createdAt.getTime() + 60_000),
    })
    .returning();
  if (options.lines?.length) {
    await db
      .insert(paymentLines)
      .values(options.lines.map((line) => ({ paymentId: payment!.id, ...line, inFlight: false })));
  }
  await db.insert(paymentEvents).values([
    { paymentId: payment!.id, event: 'STARTED', at: options.createdAt },
    ...(status === 'PENDING'
      ? []
      : [
          {
            paymentId: payment!.id,
            event: status === 'SUCCESS' ? 'SUCCEEDED' : status === 'CANCELLED' ? 'CANCELLED' : 'FAILED',
            at: new Date(options.createdAt.getTime() + 60_000),
          },
        ]),
  ]);
  return payment!;
}
