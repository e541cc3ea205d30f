import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../lib/app-error';

/** Reads of the ledger for the integration API, always within the key's tenant. */
export function createIntegrationService(db: Db) {
  return {
    async customer(tenantId: number, custNo: string) {
      const [row] = await queryRows<{ cust_no: string; company: string; currencies: string[]; open: number }>(
        db,
        sql`select c.cust_no, c.company, c.currencies,
              (select count(*)::int from invoices i where i.customer_id = c.id and i.status = 'O') as open
            from customers c where c.tenant_id = ${tenantId} and c.cust_no = ${custNo}`,
      );
      if (!row) throw notFound(`Customer ${custNo}`);
      return {
        custNo: row.cust_no,
        company: row.company,
        currencies: row.currencies,
        openInvoices: row.open,
      };
    },
  };
}
