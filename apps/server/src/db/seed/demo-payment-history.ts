import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import { paymentEvents, paymentLines, payments } from '../schema/payments';
import type { Random } from './random';

/** About this many payments per customer and currency over the year. */
const PAYMENTS_PER_PAIR = 36;
const HISTORY_DAYS = 365;
const PAYERS = ['Alex Morgan', 'Priya Shah', 'Camille Dubois', 'Jordan Lee', 'Sam Carter'];
const BATCH = 500;

type ClosedInvoice = { id: number; customer_id: number; inv_no: string; amount: string };
type Pair = { customerId: number; custNo: string; currencyCode: string; invoices: ClosedInvoice[] };

type Outcome = {
  status: 'SUCCESS' | 'FAILURE' | 'ERROR' | 'CANCELLED';
  event: 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  responseText: string | null;
};
const OUTCOMES: Array<Outcome & { weight: number }> = [
  { status: 'SUCCESS', event: 'SUCCEEDED', responseText: 'Approved', weight: 80 },
  { status: 'FAILURE', event: 'FAILED', responseText: 'Declined', weight: 8 },
  { status: 'FAILURE', event: 'FAILED', responseText: 'ExpirationDateIncorrect', weight: 3 },
  { status: 'ERROR', event: 'FAILED', responseText: 'Provider error', weight: 3 },
  { status: 'CANCELLED', event: 'CANCELLED', responseText: null, weight: 6 },
];

/**
 * A year of payment history for the demo (the payment logs screen): per customer and currency,
 * payments of closed invoices (one to three each) and on-account payments, by card, debit card,
 * saved card, e-check and saved bank account (e-checks in USD only), most successful, some
 * declined, failed or cancelled, a convenience fee on some card payments. Deterministic for a
 * seed, inserted in bulk. None is left PENDING: the recovery of pending payments would ask the
 * provider about payments it never saw.
 */
export async function seedDemoPaymentHistory(
  db: Db,
  options: { tenantId: number; random: Random; today: Date },
): Promise<number> {
  const { random } = options;
  const closed = await queryRows<ClosedInvoice & { cust_no: string; currency_code: string }>(
    db,
    sql`select id, customer_id, cust_no, tran_currency_code as currency_code, inv_no, amount::text
        from invoices where tenant_id = ${options.tenantId} and status = 'C' and amount > 0
        order by id`,
  );
  const customers = await queryRows<{ id: number; cust_no: string; currencies: string[] }>(
    db,
    sql`select id, cust_no, currencies from customers where tenant_id = ${options.tenantId} order by id`,
  );
  const pairs: Pair[] = customers.flatMap((customer) =>
    customer.currencies.map((currencyCode) => ({
      customerId: customer.id,
      custNo: customer.cust_no,
      currencyCode,
      invoices: closed.filter(
        (invoice) => invoice.customer_id === customer.id && invoice.currency_code === currencyCode,
      ),
    })),
  );

  type Planned = {
    payment: typeof payments.$inferInsert;
    lines: Array<{ invoiceId: number; invNo: string; amount: string }>;
    outcome: Outcome;
  };
  const planned: Planned[] = [];
  let sequence = 0;
  for (const pair of pairs) {
    for (let index = 0; index < PAYMENTS_PER_PAIR; index += 1) {
      const ageMs = random.int(0, HISTORY_DAYS * 24 * 60) * 60_000;
      const createdAt = new Date(options.today.getTime() - ageMs);
      const echeckAllowed = pair.currencyCode === 'USD';
      const kind = random.pick(
        echeckAllowed
          ? (['CARD', 'CARD', 'CARD_PROFILE', 'DEBIT', 'ECHECK', 'ECHECK_PROFILE'] as const)
          : (['CARD', 'CARD', 'CARD_PROFILE', 'DEBIT'] as const),
      );
      const isEcheck = kind === 'ECHECK' || kind === 'ECHECK_PROFILE';
      const onAccount = pair.invoices.length === 0 || random.chance(0.2);
      const lines = onAccount
        ? []
        : Array.from({ length: random.int(1, 3) }, () => random.pick(pair.invoices))
            .filter((invoice, position, all) => all.indexOf(invoice) === position)
            .map((invoice) => ({ invoiceId: invoice.id, invNo: invoice.inv_no, amount: invoice.amount }));
      const amountMinor = onAccount
        ? random.int(50, 5000) * 100
        : lines.reduce((sum, line) => sum + toMinorUnits(line.amount), 0);
      const feeMinor = !isEcheck && random.chance(0.3) ? Math.round(amountMinor * 0.025) : 0;
      const outcome = pickOutcome(random.next() * 100);
      sequence += 1;
      const reference = `DEMO-${pair.custNo}-${String(sequence).padStart(5, '0')}`;
      const succeeded = outcome.status === 'SUCCESS';
      planned.push({
        lines,
        outcome,
        payment: {
          extTranRefId: reference,
          tenantId: options.tenantId,
          customerId: pair.customerId,
          custNo: pair.custNo,
          payerName: random.pick(PAYERS),
          currencyCode: pair.currencyCode,
          flow: onAccount ? 'on_account' : 'cart',
          paymentType: isEcheck ? 'ECHECK' : kind === 'DEBIT' ? 'DEBIT_CARD' : 'CREDIT_CARD',
          methodType: kind === 'DEBIT' ? random.pick(['CARD', 'CARD_PROFILE'] as const) : kind,
          provider: 'sandbox',
          providerPaymentId: `sbx_${reference.toLowerCase()}`,
          amount: fromMinorUnits(amountMinor),
          fee: fromMinorUnits(feeMinor),
          total: fromMinorUnits(amountMinor + feeMinor),
          status: outcome.status,
          responseText: outcome.responseText,
          trackingNo: succeeded ? `TRK${String(100000 + sequence)}` : null,
          authCode: succeeded && !isEcheck ? String(random.int(100000, 999999)) : null,
          accountMasked: isEcheck
            ? `*****${String(random.int(1000, 9999))}`
            : `************${random.pick(['4242', '1881', '0005', '5100', '4444'])}`,
          accountHolder: isEcheck ? 'Accounts Payable' : null,
          accountType: isEcheck ? random.pick(['Checking', 'Savings']) : null,
          note:
            onAccount && random.chance(0.5)
              ? random.pick(['Advance payment', 'Deposit for order', 'Credit on account'])
              : null,
          contractNumber: onAccount && random.chance(0.3) ? `CN-${random.int(1000, 9999)}` : null,
          createdAt,
          settledAt: new Date(createdAt.getTime() + random.int(20, 600) * 1000),
        },
      });
    }
  }
  planned.sort((a, b) => a.payment.createdAt!.getTime() - b.payment.createdAt!.getTime());

  for (let start = 0; start < planned.length; start += BATCH) {
    const batch = planned.slice(start, start + BATCH);
    const inserted = await db
      .insert(payments)
      .values(batch.map((item) => item.payment))
      .returning({ id: payments.id });
    const lineValues = batch.flatMap((item, index) =>
      item.lines.map((line) => ({ paymentId: inserted[index]!.id, ...line, inFlight: false })),
    );
    if (lineValues.length > 0) await db.insert(paymentLines).values(lineValues);
    const eventValues = batch.flatMap((item, index) => {
      const paymentId = inserted[index]!.id;
      const startedAt = item.payment.createdAt!;
      const settledAt = item.payment.settledAt!;
      return [
        { paymentId, event: 'STARTED', at: startedAt },
        { paymentId, event: 'NOTIFICATION_RECEIVED', detail: item.payment.provider, at: settledAt },
        { paymentId, event: item.outcome.event, detail: item.outcome.responseText, at: settledAt },
      ];
    });
    await db.insert(paymentEvents).values(eventValues);
  }
  return planned.length;
}

/** The outcome whose share of the weights (out of 100) the ticket falls in. */
function pickOutcome(ticket: number): Outcome {
  let remaining = ticket;
  for (const outcome of OUTCOMES) {
    remaining -= outcome.weight;
    if (remaining < 0) return outcome;
  }
  return OUTCOMES[0]!;
}
