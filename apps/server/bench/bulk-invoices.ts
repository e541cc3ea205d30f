import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { withoutSecondaryIndexes } from '../src/db/deferred-constraints';

/**
 * A million-row invoice table in a few set-based statements, spread over every
 * customer-currency pair of the demo. Line items are left out: the grid never reads them.
 */
export async function insertBulkInvoices(db: Db, count: number, batch = 200_000): Promise<void> {
  // The secondary indexes are built once after the load, not maintained row by row.
  const rebuildIndexes = await withoutSecondaryIndexes(db, ['invoices']);
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    await db.execute(sql`
      with pairs as (
        select c.id as customer_id, c.tenant_id, c.cust_no, code, row_number() over (order by c.id, code) - 1 as n,
               count(*) over () as total
        from customers c, unnest(c.currencies) as code
      ),
      numbers as (select g as seq from generate_series(${start + 1}::bigint, ${start + size}::bigint) g)
      insert into invoices (tenant_id, customer_id, cust_no, inv_no, tran_id, status, invoice_date, due_date,
        tran_currency_code, amount, balance, tran_bal, tran_orig, dispute_amount, paid_amount, po_number, terms)
      select p.tenant_id, p.customer_id, p.cust_no,
        'BULK-' || lpad(seq::text, 8, '0'), 'B' || lpad(seq::text, 9, '0'),
        case when seq % 3 = 0 then 'C' else 'O' end,
        current_date - (seq % 400)::int, current_date - (seq % 400)::int + 30,
        p.code,
        round(((seq * 7919) % 500000) / 100.0 + 1, 2),
        case when seq % 3 = 0 then 0 else round(((seq * 7919) % 500000) / 100.0 + 1, 2) end,
        case when seq % 3 = 0 then 0 else round(((seq * 7919) % 500000) / 100.0 + 1, 2) end,
        round(((seq * 7919) % 500000) / 100.0 + 1, 2),
        case when seq % 17 = 0 then 10 else 0 end,
        case when seq % 3 = 0 then round(((seq * 7919) % 500000) / 100.0 + 1, 2) else 0 end,
        'PO-' || (seq % 9973), (array['Net 30','Net 45','Net 60'])[1 + seq % 3]
      from numbers join pairs p on p.n = seq % p.total
    `);
  }
  await rebuildIndexes();
  // vacuum sets the visibility map, so the totals can use an index-only scan.
  await db.execute(sql`vacuum analyze invoices`);
}
