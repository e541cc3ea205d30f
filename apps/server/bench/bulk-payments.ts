import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * N payment logs in set-based statements, spread over every customer-currency pair of the demo
 * and over the last two years, in every method, outcome and flow; one payment in four pays an
 * invoice (one line). History rows are left out: the grid never reads them.
 */
export async function insertBulkPayments(db: Db, count: number, batch = 200_000): Promise<void> {
  const [bounds] = (
    (await db.execute(
      sql`select min(id)::int as low, (max(id) - min(id) + 1)::int as span from invoices`,
    )) as unknown as {
      rows: Array<{ low: number; span: number }>;
    }
  ).rows;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    await db.execute(sql`
      with pairs as (
        select c.id as customer_id, c.tenant_id, c.cust_no, code, row_number() over (order by c.id, code) - 1 as n,
               count(*) over () as total
        from customers c, unnest(c.currencies) as code
      ),
      numbers as (select g as seq from generate_series(${start + 1}::bigint, ${start + size}::bigint) g)
      insert into payments (ext_tran_ref_id, tenant_id, customer_id, cust_no, payer_name, currency_code, flow,
        payment_type, method_type, provider, amount, fee, total, status, response_text, tracking_no, auth_code,
        account_masked, created_at, settled_at)
      select 'BULK-P-' || lpad(seq::text, 9, '0'), p.tenant_id, p.customer_id, p.cust_no,
        (array['Alex Morgan','Priya Shah','Camille Dubois','Jordan Lee'])[1 + seq % 4], p.code,
        case when seq % 4 = 0 then 'cart' else 'on_account' end,
        (array['CREDIT_CARD','DEBIT_CARD','CREDIT_CARD','ECHECK'])[1 + seq % 4],
        (array['CARD','CARD_PROFILE','CARD','ECHECK','CARD_PROFILE','ECHECK_PROFILE'])[1 + seq % 6],
        'sandbox',
        round(((seq * 7919) % 500000) / 100.0 + 1, 2),
        case when seq % 5 = 0 then round((((seq * 7919) % 500000) / 100.0 + 1) * 0.025, 2) else 0 end,
        round(((seq * 7919) % 500000) / 100.0 + 1, 2)
          + case when seq % 5 = 0 then round((((seq * 7919) % 500000) / 100.0 + 1) * 0.025, 2) else 0 end,
        (array['SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','SUCCESS','FAILURE','ERROR','CANCELLED','SUCCESS'])[1 + seq % 10],
        case when seq % 10 = 6 then 'Declined' else null end,
        'TRK' || seq, lpad(((seq * 31) % 1000000)::text, 6, '0'), '************' || lpad((seq % 10000)::text, 4, '0'),
        now() - ((seq * 7727) % (730 * 1440)) * interval '1 minute',
        now() - ((seq * 7727) % (730 * 1440)) * interval '1 minute' + interval '2 minutes'
      from numbers join pairs p on p.n = seq % p.total
    `);
  }
  await db.execute(sql`
    insert into payment_lines (payment_id, invoice_id, inv_no, amount, in_flight)
    select p.id, ${bounds!.low} + (p.id % ${bounds!.span}), 'BULK-LINE', p.amount, false
    from payments p
    where p.ext_tran_ref_id like 'BULK-P-%' and p.flow = 'cart'
      and exists (select 1 from invoices i where i.id = ${bounds!.low} + (p.id % ${bounds!.span}))`);
  await db.execute(sql`vacuum analyze payments`);
  await db.execute(sql`vacuum analyze payment_lines`);
}
