import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * A dispute for every disputed bulk invoice (the bulk insert disputes one invoice in 17), with
 * two notes each, in every status: the dispute grid at the benchmark's scale, its invoices
 * and disputes agreeing as in the demo.
 */
export async function insertBulkDisputes(db: Db): Promise<void> {
  await db.execute(sql`
    insert into disputes (tenant_id, customer_id, prob_no, invoice_id, cust_dispute, currency_code, style,
      disputed_amount, description, reason_code, status_code, created_by_name, created_at)
    select i.tenant_id, i.customer_id, 500000 + row_number() over (order by i.id), i.id, false, i.tran_currency_code,
      'other', i.dispute_amount, 'Bulk dispute', (array['PRICE','QTY','DAMAGED','NOT_ORDERED','DUPLICATE','TERMS'])[1 + i.id % 6],
      (array['U','I','D','A','C','S','W'])[1 + i.id % 7], 'Bench', i.invoice_date + 5
    from invoices i
    where i.inv_no like 'BULK-%' and i.dispute_amount > 0`);
  await db.execute(sql`
    insert into dispute_notes (dispute_id, note, exposed, entered_by, entered_on)
    select d.id, n.note, n.exposed, n.entered_by, d.created_at + n.after
    from disputes d
    cross join (values ('Please check the delivered quantity against our receipt.', true, 'Bench', interval '1 hour'),
                       ('Internal: waiting for the carrier.', false, 'Collector', interval '1 day')) as n(note, exposed, entered_by, after)
    where d.prob_no > 500000`);
  await db.execute(sql`vacuum analyze disputes`);
  await db.execute(sql`vacuum analyze dispute_notes`);
}
