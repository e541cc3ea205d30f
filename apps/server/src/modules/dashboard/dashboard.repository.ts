import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

export type SummaryRow = {
  open_count: number;
  open_balance: string;
  overdue_count: number;
  overdue_balance: string;
  coming_due_count: number;
  coming_due_balance: string;
  credit_count: number;
  credit_balance: string;
  disputed_count: number;
  disputed_amount: string;
};

/**
 * One pass over the customer's open invoices in one currency (served by invoices_grid).
 * Overdue and coming due count only what still owes (balance over 0), the sets of the home
 * cards' links and the grid's marks (packages/shared/src/rules/due-criteria.ts).
 */
export async function summarizeOpenInvoices(
  db: Db,
  options: { customerId: number; currencyCode: string; today: string; comingDueUntil: string },
): Promise<SummaryRow> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`
    select
      count(*)::int as open_count,
      coalesce(sum(balance), 0)::text as open_balance,
      (count(*) filter (where balance > 0 and due_date < ${options.today}::date))::int as overdue_count,
      coalesce(sum(balance) filter (where balance > 0 and due_date < ${options.today}::date), 0)::text as overdue_balance,
      (count(*) filter (where balance > 0 and due_date >= ${options.today}::date and due_date <= ${options.comingDueUntil}::date))::int as coming_due_count,
      coalesce(sum(balance) filter (where balance > 0 and due_date >= ${options.today}::date and due_date <= ${options.comingDueUntil}::date), 0)::text as coming_due_balance,
      (count(*) filter (where balance < 0))::int as credit_count,
      coalesce(sum(balance) filter (where balance < 0), 0)::text as credit_balance,
      (count(*) filter (where dispute_amount > 0))::int as disputed_count,
      coalesce(sum(dispute_amount), 0)::text as disputed_amount
    from invoices
    where customer_id = ${options.customerId}
      and tran_currency_code = ${options.currencyCode}
      and status = 'O'
  `,
  );
  if (!row) throw new Error('aggregate returned no row');
  return row;
}
