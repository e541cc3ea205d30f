import {
  type TLedgerCustomer,
  type TLedgerInvoice,
  type TLedgerKind,
  type TLoadReport,
  ZLedgerCustomer,
  ZLedgerInvoice,
} from '@settle/shared/integration';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import type { SourceRow } from './ledger-rows';

type Outcome = 'inserted' | 'updated' | 'unchanged';

/** A refusal the row earned (not a fault of the server): its message is the reason in the report. */
class RowRefused extends Error {}

/** Thrown out of an all-or-nothing load's transaction so that nothing of it stays. */
class LoadRolledBack extends Error {}

/** At most this many refused rows are listed (all are counted), so a wholly bad file stays small. */
const MAX_LISTED_ERRORS = 1000;
const BATCH_ROWS = 500;

export type LedgerLoadService = ReturnType<typeof createLedgerLoadService>;

/**
 * Idempotent upserts of the ledger keyed by the ERP's numbers (custNo; tranId for invoices). Rows
 * are read as they stream and written in batches of 500, each row in its own savepoint, so a bad
 * row is refused alone. A row equal to what is stored changes nothing and counts as unchanged.
 */
export function createLedgerLoadService(db: Db) {
  async function upsertCustomer(tx: Db, tenantId: number, row: TLedgerCustomer): Promise<Outcome> {
    const optional = {
      address_line1: row.addressLine1,
      city: row.city,
      postal_code: row.postalCode,
      country: row.country,
      collector_name: row.collectorName,
      collector_email: row.collectorEmail,
      collector_phone: row.collectorPhone,
    };
    const names = Object.keys(optional);
    const values = Object.values(optional);
    const kept = (name: string, value: string | undefined) =>
      value === undefined ? sql.raw(`customers.${name}`) : sql`${value}::text`;
    const [result] = await queryRows<{ inserted: boolean }>(
      tx,
      sql`insert into customers (tenant_id, cust_no, company, currencies, ${sql.raw(names.join(', '))})
          values (${tenantId}, ${row.custNo}, ${row.company}, ${`{${row.currencies.join(',')}}`}::text[],
            ${sql.join(
              values.map((value) => sql`${value ?? ''}`),
              sql`, `,
            )})
          on conflict (tenant_id, cust_no) do update set company = excluded.company,
            currencies = excluded.currencies,
            ${sql.join(
              names.map((name, index) => sql`${sql.raw(name)} = ${kept(name, values[index])}`),
              sql`, `,
            )}
          where (customers.company, customers.currencies) is distinct from (excluded.company, excluded.currencies)
            ${sql.join(
              names.map((name, index) =>
                values[index] === undefined
                  ? sql``
                  : sql`or customers.${sql.raw(name)} is distinct from ${values[index]}::text`,
              ),
              sql` `,
            )}
          returning (xmax = 0) as inserted`,
    );
    if (!result) return 'unchanged';
    return result.inserted ? 'inserted' : 'updated';
  }

  async function upsertInvoice(
    tx: Db,
    tenantId: number,
    row: TLedgerInvoice,
    customers: Map<string, { id: number; currencies: string[] } | null>,
  ): Promise<Outcome> {
    let customer = customers.get(row.custNo);
    if (customer === undefined) {
      const [found] = await queryRows<{ id: number; currencies: string[] }>(
        tx,
        sql`select id, currencies from customers where tenant_id = ${tenantId} and cust_no = ${row.custNo}`,
      );
      customer = found ?? null;
      if (customers.size > 10_000) customers.clear();
      customers.set(row.custNo, customer);
    }
    if (!customer) throw new RowRefused(`Customer ${row.custNo} was not found`);
    if (!customer.currencies.includes(row.currencyCode))
      throw new RowRefused(`Customer ${row.custNo} does not use the currency ${row.currencyCode}`);
    const [existing] = await queryRows<{ customer_id: number }>(
      tx,
      sql`select customer_id from invoices where tenant_id = ${tenantId} and tran_id = ${row.tranId}`,
    );
    if (existing && existing.customer_id !== customer.id)
      throw new RowRefused(`Invoice ${row.tranId} belongs to another customer`);
    if (row.lines) {
      const numbers = row.lines.map((line) => line.lineNo);
      if (new Set(numbers).size !== numbers.length) throw new RowRefused('Two lines have the same lineNo');
    }

    const optional: Record<string, string | undefined> = {
      po_number: row.poNumber,
      terms: row.terms,
      sales_rep: row.salesRep,
      ship_via: row.shipVia,
      ship_to: row.shipTo,
      description: row.description,
    };
    const required: Array<[string, SQL]> = [
      ['inv_no', sql`${row.invNo}::text`],
      ['status', sql`${row.status}::text`],
      ['invoice_date', sql`${row.invoiceDate}::date`],
      ['due_date', sql`${row.dueDate}::date`],
      ['tran_currency_code', sql`${row.currencyCode}::text`],
      ['amount', sql`${row.amount}::numeric`],
      ['balance', sql`${row.balance}::numeric`],
      ['tran_bal', sql`${row.balance}::numeric`],
      ['tran_orig', sql`${row.amount}::numeric`],
    ];
    const given = [
      ...required,
      ...Object.entries(optional).flatMap(
        ([name, value]): Array<[string, SQL]> => (value === undefined ? [] : [[name, sql`${value}::text`]]),
      ),
    ];
    const [result] = await queryRows<{ id: number; inserted: boolean }>(
      tx,
      sql`insert into invoices (tenant_id, customer_id, cust_no, tran_id, ${sql.raw(given.map(([name]) => name).join(', '))})
          values (${tenantId}, ${customer.id}, ${row.custNo}, ${row.tranId}, ${sql.join(
            given.map(([, value]) => value),
            sql`, `,
          )})
          on conflict (tenant_id, tran_id) do update set ${sql.join(
            given.map(([name]) => sql`${sql.raw(name)} = excluded.${sql.raw(name)}`),
            sql`, `,
          )}
          where ${sql.join(
            given.map(([name]) => sql`invoices.${sql.raw(name)} is distinct from excluded.${sql.raw(name)}`),
            sql` or `,
          )}
          returning id, (xmax = 0) as inserted`,
    );
    let outcome: Outcome = result ? (result.inserted ? 'inserted' : 'updated') : 'unchanged';
    const invoiceId =
      result?.id ??
      (
        await queryRows<{ id: number }>(
          tx,
          sql`select id from invoices where tenant_id = ${tenantId} and tran_id = ${row.tranId}`,
        )
      )[0]!.id;
    if (row.lines && (await replaceLines(tx, invoiceId, row.lines)) && outcome === 'unchanged')
      outcome = 'updated';
    // A closed invoice can no longer be paid: it leaves every cart at once.
    if (row.status === 'C' && outcome === 'updated')
      await tx.execute(sql`delete from payment_cart_lines where invoice_id = ${invoiceId}`);
    return outcome;
  }

  /** Lines are upserted by number (disputes point at them) and the ones no longer sent removed. */
  async function replaceLines(tx: Db, invoiceId: number, lines: NonNullable<TLedgerInvoice['lines']>) {
    const given = JSON.stringify(
      lines.map((line) => ({
        line_no: line.lineNo,
        item: line.item,
        description: line.description,
        qty_ship: line.qtyShip,
        price: line.price,
        ext: line.ext,
      })),
    );
    const givenRows = sql`select * from jsonb_to_recordset(${given}::jsonb)
      as x(line_no int, item text, description text, qty_ship numeric, price numeric, ext numeric)`;
    const stored = sql`select line_no, item, description, qty_ship, price, ext from invoice_line_items where invoice_id = ${invoiceId}`;
    const [diff] = await queryRows<{ differs: boolean }>(
      tx,
      sql`select exists ((${givenRows}) except (${stored})) or exists ((${stored}) except (${givenRows})) as differs`,
    );
    if (!diff?.differs) return false;
    await tx.execute(sql`
      insert into invoice_line_items (invoice_id, line_no, item, description, qty_ship, price, ext)
      select ${invoiceId}, line_no, item, description, qty_ship, price, ext from (${givenRows}) given
      on conflict (invoice_id, line_no) do update set item = excluded.item, description = excluded.description,
        qty_ship = excluded.qty_ship, price = excluded.price, ext = excluded.ext`);
    await tx.execute(sql`delete from invoice_line_items where invoice_id = ${invoiceId}
      and line_no <> all(${`{${lines.map((line) => line.lineNo).join(',')}}`}::int[])`);
    return true;
  }

  return {
    async load(options: {
      tenantId: number;
      kind: TLedgerKind;
      rows: AsyncIterable<SourceRow>;
      atomic: boolean;
      onProgress?: (report: TLoadReport) => void;
    }): Promise<TLoadReport> {
      const report: TLoadReport = {
        committed: true,
        received: 0,
        inserted: 0,
        updated: 0,
        unchanged: 0,
        refused: 0,
        errors: [],
      };
      const schema: z.ZodType = options.kind === 'customers' ? ZLedgerCustomer : ZLedgerInvoice;
      const customers = new Map<string, { id: number; currencies: string[] } | null>();
      const refuse = (line: number, key: string | null, reason: string) => {
        report.refused += 1;
        if (report.errors.length < MAX_LISTED_ERRORS) report.errors.push({ line, key, reason });
      };
      const keyOf = (value: unknown) => {
        const record = (value ?? {}) as Record<string, unknown>;
        const key = options.kind === 'customers' ? record.custNo : record.tranId;
        return typeof key === 'string' ? key : null;
      };

      async function writeBatch(tx: Db, batch: SourceRow[]) {
        for (const source of batch) {
          if (source.error !== undefined) {
            refuse(source.line, null, source.error);
            continue;
          }
          const parsed = schema.safeParse(source.value);
          if (!parsed.success) {
            refuse(source.line, keyOf(source.value), describeIssues(parsed.error));
            continue;
          }
          try {
            const outcome = await tx.transaction((savepoint) =>
              options.kind === 'customers'
                ? upsertCustomer(savepoint, options.tenantId, parsed.data as TLedgerCustomer)
                : upsertInvoice(savepoint, options.tenantId, parsed.data as TLedgerInvoice, customers),
            );
            report[outcome] += 1;
          } catch (error) {
            if (!(error instanceof RowRefused)) throw error;
            refuse(source.line, keyOf(source.value), error.message);
          }
        }
        options.onProgress?.(report);
      }

      async function readAll(write: (batch: SourceRow[]) => Promise<void>) {
        let batch: SourceRow[] = [];
        for await (const row of options.rows) {
          report.received += 1;
          batch.push(row);
          if (batch.length >= BATCH_ROWS) {
            await write(batch);
            batch = [];
          }
        }
        if (batch.length > 0) await write(batch);
      }

      if (!options.atomic) {
        await readAll((batch) => db.transaction((tx) => writeBatch(tx, batch)));
        return report;
      }
      try {
        await db.transaction(async (tx) => {
          await readAll((batch) => writeBatch(tx, batch));
          if (report.refused > 0) throw new LoadRolledBack();
        });
      } catch (error) {
        if (!(error instanceof LoadRolledBack)) throw error;
        return { ...report, committed: false, inserted: 0, updated: 0, unchanged: 0 };
      }
      return report;
    },
  };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      // An empty CSV cell or a missing JSON field arrives as undefined: say what the integrator must do.
      const message = issue.message.endsWith('received undefined') ? 'required' : issue.message;
      return issue.path.length ? `${issue.path.join('.')}: ${message}` : message;
    })
    .join('; ');
}
