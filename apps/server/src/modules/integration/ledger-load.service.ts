import {
  LEDGER_KEYS,
  type TLedgerCustomer,
  type TLedgerDisputeUpdate,
  type TLedgerInvoice,
  type TLedgerKind,
  type TLedgerPaymentConfig,
  type TLedgerReasonCode,
  type TLoadReport,
  ZLedgerCustomer,
  ZLedgerDisputeUpdate,
  ZLedgerInvoice,
  ZLedgerPaymentConfig,
  ZLedgerReasonCode,
  ZLedgerUser,
} from '@settle/shared/integration';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import {
  BULK_INSERT_FROM,
  createInvoiceStaging,
  type MergeOptions,
  mergeInvoices,
  refuseConflicts,
  type StagedInvoice,
  serializeLargeLoads,
  stageInvoices,
} from './invoice-merge';
import type { SourceRow } from './ledger-rows';
import { type AfterCommit, type Outcome, RowRefused } from './load-outcome';
import { type UserLoadDeps, upsertUser } from './user-load';

type TaskLogger = { error: (details: Record<string, unknown>, message: string) => void };

/** Thrown out of an all-or-nothing load's transaction so that nothing of it stays. */
class LoadRolledBack extends Error {}

/** The payment configuration's fields and their columns. */
const PAYMENT_CONFIG_COLUMNS = {
  allowCreditCard: 'allow_credit_card',
  allowCreditCardProfile: 'allow_credit_card_profile',
  allowDebitCard: 'allow_debit_card',
  allowDebitCardProfile: 'allow_debit_card_profile',
  allowECheck: 'allow_echeck',
  allowECheckProfile: 'allow_echeck_profile',
  allowCombined: 'allow_combined',
  contractNumberRequired: 'contract_number_required',
  noteMaxSize: 'note_max_size',
} as const satisfies Record<Exclude<keyof TLedgerPaymentConfig, 'flow' | 'currencyCode'>, string>;

/** At most this many refused rows are listed (all are counted), so a wholly bad file stays small. */
const MAX_LISTED_ERRORS = 1000;
const BATCH_ROWS = 500;
/** Valid invoices are COPied to staging in chunks of this many: memory is one chunk, whatever the file. */
const COPY_CHUNK_ROWS = 5000;

export type LedgerLoadService = ReturnType<typeof createLedgerLoadService>;

/**
 * Idempotent upserts of the ledger keyed by the ERP's numbers (custNo; tranId for invoices), read
 * as they stream. Customers are written in batches of 500, each row in its own savepoint; invoices
 * go through COPY into staging and one set-based merge. A bad row is refused alone, with its line;
 * a row equal to what is stored changes nothing and counts as unchanged.
 */
export function createLedgerLoadService(
  db: Db,
  deps: UserLoadDeps & Partial<MergeOptions> & { logger?: TaskLogger } = {},
) {
  const mergeOptions: MergeOptions = { bulkFrom: deps.bulkFrom ?? BULK_INSERT_FROM };
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

  type LoadOptions = {
    tenantId: number;
    kind: TLedgerKind;
    rows: AsyncIterable<SourceRow>;
    atomic: boolean;
    onProgress?: (report: TLoadReport) => void;
    /** The request's logger (it names the request id); the service's when omitted. */
    log?: TaskLogger;
  };

  function startReport() {
    const report: TLoadReport = {
      committed: true,
      received: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      refused: 0,
      errors: [],
    };
    const refuse = (line: number, key: string | null, reason: string) => {
      report.refused += 1;
      if (report.errors.length < MAX_LISTED_ERRORS) report.errors.push({ line, key, reason });
    };
    return { report, refuse };
  }

  function keyOf(kind: TLedgerKind, value: unknown) {
    const key = ((value ?? {}) as Record<string, unknown>)[LEDGER_KEYS[kind].key];
    return typeof key === 'string' || typeof key === 'number' ? String(key) : null;
  }

  async function upsertReasonCode(tx: Db, tenantId: number, row: TLedgerReasonCode): Promise<Outcome> {
    // A changed description renews the tenant's dispute_reason_versions row (migration 0029), locked
    // by the statement that changed it. Taken first, by every row: two loads of one tenant queue on
    // it, instead of each holding a code the other wants while it waits for the row. A tenant's first
    // load makes the row, so that two first loads queue on it too (the second waits on the insert).
    // One statement: DO UPDATE locks the row it meets even when its WHERE leaves it unchanged.
    await tx.execute(sql`insert into dispute_reason_versions as v (tenant_id, version)
      values (${tenantId}, nextval('invoice_versions_seq'))
      on conflict (tenant_id) do update set version = v.version where false`);
    const position =
      row.position === undefined ? sql`dispute_reason_codes.position` : sql`${row.position}::int`;
    const [result] = await queryRows<{ inserted: boolean }>(
      tx,
      sql`insert into dispute_reason_codes (tenant_id, code, description, position)
          values (${tenantId}, ${row.code}, ${row.description},
            coalesce(${row.position ?? null}::int,
              (select coalesce(max(position) + 1, 0) from dispute_reason_codes where tenant_id = ${tenantId})))
          on conflict (tenant_id, code) do update set description = excluded.description, position = ${position}
          where (dispute_reason_codes.description, dispute_reason_codes.position)
            is distinct from (excluded.description, ${position})
          returning (xmax = 0) as inserted`,
    );
    if (!result) return 'unchanged';
    return result.inserted ? 'inserted' : 'updated';
  }

  async function upsertPaymentConfig(tx: Db, tenantId: number, row: TLedgerPaymentConfig): Promise<Outcome> {
    const { flow, currencyCode, ...settings } = row;
    const given = Object.entries(settings)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [PAYMENT_CONFIG_COLUMNS[field as keyof typeof settings], value] as const);
    const names = given.map(([name]) => sql.raw(name));
    const [result] = await queryRows<{ inserted: boolean }>(
      tx,
      sql`insert into payment_configs (tenant_id, flow, currency_code${sql.join(
        names.map((name) => sql`, ${name}`),
        sql``,
      )})
          values (${tenantId}, ${flow}, ${currencyCode}${sql.join(
            given.map(([, value]) => sql`, ${value}`),
            sql``,
          )})
          on conflict (tenant_id, flow, currency_code) do ${
            given.length === 0
              ? sql`nothing`
              : sql`update set ${sql.join(
                  names.map((name) => sql`${name} = excluded.${name}`),
                  sql`, `,
                )}
          where (${sql.join(
            names.map((name) => sql`payment_configs.${name}`),
            sql`, `,
          )}) is distinct from (${sql.join(
            names.map((name) => sql`excluded.${name}`),
            sql`, `,
          )})`
          }
          returning (xmax = 0) as inserted`,
    );
    if (!result) return 'unchanged';
    return result.inserted ? 'inserted' : 'updated';
  }

  async function updateDispute(tx: Db, tenantId: number, row: TLedgerDisputeUpdate): Promise<Outcome> {
    const [dispute] = await queryRows<{ id: number }>(
      tx,
      sql`select id from disputes where tenant_id = ${tenantId} and prob_no = ${row.probNo}`,
    );
    if (!dispute) throw new RowRefused(`Dispute ${row.probNo} was not found`);
    if (row.reasonCode !== undefined) {
      const known = await queryRows(
        tx,
        sql`select 1 from dispute_reason_codes where tenant_id = ${tenantId} and code = ${row.reasonCode}`,
      );
      if (known.length === 0) throw new RowRefused(`Reason code ${row.reasonCode} was not found`);
    }
    const changed = await queryRows(
      tx,
      sql`update disputes set status_code = coalesce(${row.statusCode ?? null}::text, status_code),
            reason_code = coalesce(${row.reasonCode ?? null}::text, reason_code), updated_at = now()
          where id = ${dispute.id}
            and (status_code, reason_code) is distinct from
              (coalesce(${row.statusCode ?? null}::text, status_code), coalesce(${row.reasonCode ?? null}::text, reason_code))
          returning id`,
    );
    let noted: unknown[] = [];
    if (row.note !== undefined) {
      const by = row.noteBy ?? 'Collector';
      const exposed = row.noteExposed ?? true;
      noted = await queryRows(
        tx,
        sql`insert into dispute_notes (dispute_id, note, exposed, entered_by)
            select ${dispute.id}, ${row.note}, ${exposed}, ${by}
            where not exists (select 1 from dispute_notes where dispute_id = ${dispute.id}
              and note = ${row.note} and exposed = ${exposed} and entered_by = ${by} and entered_by_id is null)
            returning id`,
      );
    }
    return changed.length > 0 || noted.length > 0 ? 'updated' : 'unchanged';
  }

  /** Kinds with few rows (customers, reason codes, users): row by row, each in its own savepoint. */
  async function loadRowByRow<T>(
    options: LoadOptions,
    schema: z.ZodType<T>,
    upsert: (tx: Db, tenantId: number, row: T, later: AfterCommit) => Promise<Outcome>,
  ): Promise<TLoadReport> {
    const { report, refuse } = startReport();
    /** What the rows written since the last commit asked for once they are kept. */
    let uncommitted: Array<() => Promise<void> | void> = [];
    // The load is kept whatever happens here: a failing task is logged and the others still run,
    // so the answer stays the committed report and no later row loses its email.
    const committed = async () => {
      for (const task of uncommitted.splice(0)) {
        try {
          await task();
        } catch (error) {
          // The message alone: an error object may carry what a task was sending (a link's code).
          (options.log ?? deps.logger)?.error(
            { kind: options.kind, failure: error instanceof Error ? error.message : String(error) },
            'ledger load: a task after the commit failed',
          );
        }
      }
    };
    async function writeBatch(tx: Db, batch: SourceRow[]) {
      for (const source of batch) {
        if (source.error !== undefined) {
          refuse(source.line, null, source.error);
          continue;
        }
        const parsed = schema.safeParse(source.value);
        if (!parsed.success) {
          refuse(source.line, keyOf(options.kind, source.value), describeIssues(parsed.error));
          continue;
        }
        const tasks: Array<() => Promise<void> | void> = [];
        try {
          const outcome = await tx.transaction((savepoint) =>
            upsert(savepoint, options.tenantId, parsed.data, (task) => tasks.push(task)),
          );
          report[outcome] += 1;
          uncommitted.push(...tasks);
        } catch (error) {
          if (!(error instanceof RowRefused)) throw error;
          refuse(source.line, keyOf(options.kind, source.value), error.message);
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
      await readAll(async (batch) => {
        uncommitted = [];
        await db.transaction((tx) => writeBatch(tx, batch));
        await committed();
      });
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
    await committed();
    return report;
  }

  /**
   * Invoices: each row checked as it streams in (refused rows never reach staging), the valid ones
   * COPied to staging a chunk at a time, then one set-based merge (invoice-merge.ts). One
   * transaction: an all-or-nothing load that refuses a row writes nothing.
   */
  async function loadInvoices(options: LoadOptions): Promise<TLoadReport> {
    const { report, refuse } = startReport();
    const customers = new Map<string, { id: number; currencies: string[] } | null>();
    let stagedCount = 0;

    async function resolveCustomers(tx: Db, custNos: string[]) {
      const missing = [...new Set(custNos)].filter((custNo) => !customers.has(custNo));
      if (missing.length === 0) return;
      if (customers.size + missing.length > 50_000) customers.clear();
      const found = await queryRows<{ cust_no: string; id: number; currencies: string[] }>(
        tx,
        sql`select cust_no, id, currencies from customers
            where tenant_id = ${options.tenantId} and cust_no = any(${`{${missing.map((custNo) => JSON.stringify(custNo)).join(',')}}`}::text[])`,
      );
      for (const custNo of missing) customers.set(custNo, null);
      for (const row of found) customers.set(row.cust_no, { id: row.id, currencies: row.currencies });
    }

    async function stageChunk(tx: Db, chunk: Array<{ line: number; row: TLedgerInvoice }>) {
      await resolveCustomers(
        tx,
        chunk.map(({ row }) => row.custNo),
      );
      const staged: StagedInvoice[] = [];
      for (const { line, row } of chunk) {
        const customer = customers.get(row.custNo);
        if (!customer) refuse(line, row.tranId, `Customer ${row.custNo} was not found`);
        else if (!customer.currencies.includes(row.currencyCode))
          refuse(line, row.tranId, `Customer ${row.custNo} does not use the currency ${row.currencyCode}`);
        else staged.push({ line, customerId: customer.id, row });
      }
      if (!options.atomic || report.refused === 0) {
        await stageInvoices(tx, staged);
        stagedCount += staged.length;
      }
      options.onProgress?.(report);
    }

    const rolledBack = () => ({ ...report, committed: false, inserted: 0, updated: 0, unchanged: 0 });
    try {
      await db.transaction(async (tx) => {
        await createInvoiceStaging(tx);
        let chunk: Array<{ line: number; row: TLedgerInvoice }> = [];
        // One chunk is COPied while the next is read and checked, so the database and this process
        // work at once; memory stays at two chunks.
        let staging: Promise<void> = Promise.resolve();
        const stageNext = async (next: typeof chunk) => {
          await staging;
          staging = stageChunk(tx, next);
          staging.catch(() => {});
        };
        for await (const source of options.rows) {
          report.received += 1;
          if (source.error !== undefined) {
            refuse(source.line, null, source.error);
            continue;
          }
          const parsed = ZLedgerInvoice.safeParse(source.value);
          if (!parsed.success) {
            refuse(source.line, keyOf('invoices', source.value), describeIssues(parsed.error));
            continue;
          }
          const numbers = parsed.data.lines?.map((line) => line.lineNo) ?? [];
          if (new Set(numbers).size !== numbers.length) {
            refuse(source.line, parsed.data.tranId, 'Two lines have the same lineNo');
            continue;
          }
          chunk.push({ line: source.line, row: parsed.data });
          if (chunk.length >= COPY_CHUNK_ROWS) {
            await stageNext(chunk);
            chunk = [];
          }
        }
        if (chunk.length > 0) await stageNext(chunk);
        await staging;
        if (options.atomic && report.refused > 0) throw new LoadRolledBack();
        if (stagedCount >= mergeOptions.bulkFrom) await serializeLargeLoads(tx);
        const conflicts = await refuseConflicts(tx, options.tenantId, MAX_LISTED_ERRORS);
        report.refused += conflicts.count;
        report.errors = [...report.errors, ...conflicts.listed]
          .sort((a, b) => a.line - b.line)
          .slice(0, MAX_LISTED_ERRORS);
        if (options.atomic && report.refused > 0) throw new LoadRolledBack();
        const { inserted, updated, unchanged } = await mergeInvoices(tx, options.tenantId, mergeOptions);
        Object.assign(report, { inserted, updated, unchanged });
      });
    } catch (error) {
      if (!(error instanceof LoadRolledBack)) throw error;
      return rolledBack();
    }
    return report;
  }

  return {
    load(options: LoadOptions): Promise<TLoadReport> {
      if (options.kind === 'invoices') return loadInvoices(options);
      if (options.kind === 'payment-configs')
        return loadRowByRow(options, ZLedgerPaymentConfig, upsertPaymentConfig);
      if (options.kind === 'dispute-updates')
        return loadRowByRow(options, ZLedgerDisputeUpdate, updateDispute);
      if (options.kind === 'users')
        return loadRowByRow(options, ZLedgerUser, (tx, tenantId, row, later) =>
          upsertUser(tx, tenantId, row, later, deps),
        );
      return options.kind === 'customers'
        ? loadRowByRow(options, ZLedgerCustomer, upsertCustomer)
        : loadRowByRow(options, ZLedgerReasonCode, upsertReasonCode);
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
