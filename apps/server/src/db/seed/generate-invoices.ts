import { calendarDateInZone, fromEpochDay, toEpochDay } from '@settle/shared/calendar-date';
import { fromMinorUnits } from '@settle/shared/money';
import type { invoices } from '../schema/invoices';
import { PRODUCTS, SALES_REPS, SHIP_VIA, TERMS } from './demo-catalogue';
import type { Random } from './random';

export type GeneratedLine = {
  lineNo: number;
  item: string;
  description: string;
  qtyShip: string;
  price: string;
  ext: string;
};

export type GeneratedInvoice = {
  invNo: string;
  tranId: string;
  status: 'O' | 'C';
  invoiceDate: string;
  dueDate: string;
  currencyCode: string;
  amount: string;
  balance: string;
  paidAmount: string;
  disputeAmount: string;
  paymentPending: boolean;
  paymentPendingAmount: string;
  promise: boolean;
  promisedAmount: string;
  nextFollowupDate: string | null;
  poNumber: string;
  terms: string;
  salesRep: string;
  shipVia: string;
  shipTo: string;
  description: string;
  lines: GeneratedLine[];
};

/**
 * One invoice (or credit memo) with its lines. Amounts are whole cents, so the balance
 * always equals amount minus paid. Open invoices spread from long overdue to due in two
 * months; closed ones are fully paid.
 */
export function generateInvoice(
  random: Random,
  options: { sequence: number; currencyCode: string; todayEpochDay: number; shipTo: string },
): GeneratedInvoice {
  const isCredit = random.chance(0.05);
  const lineCount = isCredit ? 1 : random.int(1, 6);
  const lines: GeneratedLine[] = [];
  let totalMinor = 0;
  for (let lineNo = 1; lineNo <= lineCount; lineNo++) {
    const product = random.pick(PRODUCTS);
    const quantity = isCredit ? -random.int(1, 5) : random.int(1, 40);
    const priceMinor = Math.round(product.price * 100 * (0.9 + random.next() * 0.2));
    const extMinor = quantity * priceMinor;
    totalMinor += extMinor;
    lines.push({
      lineNo,
      item: product.item,
      description: isCredit ? `Return credit: ${product.description}` : product.description,
      qtyShip: String(quantity),
      price: fromMinorUnits(priceMinor),
      ext: fromMinorUnits(extMinor),
    });
  }

  const terms = random.pick(TERMS);
  const ageDays = random.int(0, 420);
  const invoiceDay = options.todayEpochDay - ageDays;
  const dueDay = invoiceDay + terms.days;
  // Older invoices are mostly settled; recent ones mostly open.
  const closed = !isCredit && random.chance(ageDays > 120 ? 0.8 : ageDays > 45 ? 0.45 : 0.1);
  let paidMinor = 0;
  if (closed) paidMinor = totalMinor;
  else if (!isCredit && random.chance(0.2)) paidMinor = Math.round(totalMinor * (0.2 + random.next() * 0.5));
  const balanceMinor = totalMinor - paidMinor;

  const open = !closed;
  const disputeMinor =
    open && balanceMinor > 0 && random.chance(0.1)
      ? Math.round(balanceMinor * (0.1 + random.next() * 0.9))
      : 0;
  // No invoice is born payment-pending: since payments exist, that flag means a payment row in flight, and a
  // seeded flag without one could never be paid or released. The draw stays, so the rest of the demo is as before.
  const formerlyPending = open && balanceMinor > 0 && disputeMinor === 0 && random.chance(0.03);
  const paymentPending = false;
  const promise = open && balanceMinor > 0 && !formerlyPending && random.chance(0.05);
  const prefix = isCredit ? 'CM' : 'INV';
  const year = fromEpochDay(invoiceDay).slice(0, 4);
  const sequence = String(options.sequence).padStart(6, '0');

  return {
    invNo: `${prefix}-${year}-${sequence}`,
    tranId: `T${String(options.sequence).padStart(8, '0')}`,
    status: closed ? 'C' : 'O',
    invoiceDate: fromEpochDay(invoiceDay),
    dueDate: fromEpochDay(dueDay),
    currencyCode: options.currencyCode,
    amount: fromMinorUnits(totalMinor),
    balance: fromMinorUnits(balanceMinor),
    paidAmount: fromMinorUnits(paidMinor),
    disputeAmount: fromMinorUnits(disputeMinor),
    paymentPending,
    paymentPendingAmount: fromMinorUnits(paymentPending ? balanceMinor : 0),
    promise,
    promisedAmount: fromMinorUnits(promise ? balanceMinor : 0),
    nextFollowupDate: promise ? fromEpochDay(options.todayEpochDay + random.int(3, 30)) : null,
    poNumber: isCredit ? '' : `PO-${random.int(40000, 99999)}`,
    terms: terms.label,
    salesRep: random.pick(SALES_REPS),
    shipVia: isCredit ? '' : random.pick(SHIP_VIA),
    shipTo: options.shipTo,
    description: isCredit ? 'Credit memo for returned goods' : `${lines.length} item(s), ${terms.label}`,
    lines,
  };
}

/** The seeds' today: the UTC day of the instant, as an epoch day. */
export function epochDay(date: Date): number {
  return toEpochDay(calendarDateInZone(date, 'UTC'));
}

/** The invoices table's row for a generated invoice of one customer (every demo seed inserts these). */
export function invoiceRow(
  invoice: GeneratedInvoice,
  owner: { tenantId: number; customerId: number; custNo: string },
): typeof invoices.$inferInsert {
  return {
    ...owner,
    invNo: invoice.invNo,
    tranId: invoice.tranId,
    status: invoice.status,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    tranCurrencyCode: invoice.currencyCode,
    amount: invoice.amount,
    balance: invoice.balance,
    tranBal: invoice.balance,
    tranOrig: invoice.amount,
    disputeAmount: invoice.disputeAmount,
    paidAmount: invoice.paidAmount,
    paymentPending: invoice.paymentPending,
    paymentPendingAmount: invoice.paymentPendingAmount,
    promise: invoice.promise,
    promisedAmount: invoice.promisedAmount,
    nextFollowupDate: invoice.nextFollowupDate,
    poNumber: invoice.poNumber,
    terms: invoice.terms,
    salesRep: invoice.salesRep,
    shipVia: invoice.shipVia,
    shipTo: invoice.shipTo,
    description: invoice.description,
  };
}
