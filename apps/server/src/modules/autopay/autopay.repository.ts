import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { autopayLog, autopayRules, autopayRuns, autopaySkips } from '../../db/schema/autopay';

export type RuleRow = typeof autopayRules.$inferSelect;
export type NewLogEntry = typeof autopayLog.$inferInsert;

type RuleKey = { userId: number; customerId: number; currencyCode: string };

/** The rule of a user, customer and currency with how its profile is named (alias, or type and last 4). */
export type RuleWithProfile = RuleRow & { profileLabel: string };

const PROFILE_LABEL = sql<string>`coalesce(nullif(p.alias_name, ''),
  case when p.profile_type = 'ECHECK' then coalesce(p.account_masked, '')
       else trim(coalesce(p.card_type, 'Card') || ' ' || coalesce(p.last_digits, '')) end)`;

export async function findRulesOfUser(db: Db, userId: number): Promise<RuleWithProfile[]> {
  const rows = await db
    .select({
      rule: autopayRules,
      profileLabel: sql<string>`(select ${PROFILE_LABEL} from payment_profiles p where p.id = ${autopayRules.paymentProfileId})`,
    })
    .from(autopayRules)
    .where(eq(autopayRules.userId, userId))
    .orderBy(autopayRules.custNo, autopayRules.currencyCode);
  return rows.map((row) => ({ ...row.rule, profileLabel: row.profileLabel ?? '' }));
}

export async function findRule(db: Db, key: RuleKey): Promise<RuleRow | undefined> {
  const [row] = await db
    .select()
    .from(autopayRules)
    .where(
      and(
        eq(autopayRules.userId, key.userId),
        eq(autopayRules.customerId, key.customerId),
        eq(autopayRules.currencyCode, key.currencyCode),
      ),
    );
  return row;
}

/** Creates or replaces the rule; saving again resumes a stopped rule with its tries counted afresh. */
export async function upsertRule(db: Db, row: typeof autopayRules.$inferInsert): Promise<RuleRow> {
  const [saved] = await db
    .insert(autopayRules)
    .values(row)
    .onConflictDoUpdate({
      target: [autopayRules.userId, autopayRules.customerId, autopayRules.currencyCode],
      set: {
        paymentProfileId: row.paymentProfileId,
        daysBefore: row.daysBefore,
        maxAmount: row.maxAmount,
        maxFailures: row.maxFailures,
        status: 'ACTIVE',
        failures: 0,
        stoppedReason: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return saved!;
}

export async function deleteRule(db: Db, ruleId: number): Promise<void> {
  await db.delete(autopayRules).where(eq(autopayRules.id, ruleId));
}

export function findActiveRules(db: Db): Promise<RuleRow[]> {
  return db.select().from(autopayRules).where(eq(autopayRules.status, 'ACTIVE')).orderBy(autopayRules.id);
}

export type DueInvoice = {
  id: number;
  inv_no: string;
  due_date: string;
  balance: string;
  dispute_amount: string;
  promise: boolean;
  payment_pending: boolean;
  skipped: boolean;
};

/** What the pay-or-skip rule (shared rules/autopay.ts) reads of a due invoice. */
export function factsOf(invoice: DueInvoice) {
  return {
    dueDate: invoice.due_date,
    balance: invoice.balance,
    disputeAmount: invoice.dispute_amount,
    promise: invoice.promise,
    paymentPending: invoice.payment_pending,
    skipped: invoice.skipped,
  };
}

/** A rule's open invoices due on or before a day, oldest due first, with the user's skips. */
export function findDueInvoices(
  db: Db,
  rule: { id: number; customerId: number; currencyCode: string },
  dueBy: string,
): Promise<DueInvoice[]> {
  return queryRows<DueInvoice>(
    db,
    sql`select i.id, i.inv_no, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.balance::text as balance,
          i.dispute_amount::text as dispute_amount, i.promise, i.payment_pending,
          (s.invoice_id is not null) as skipped
        from invoices i
        left join autopay_skips s on s.rule_id = ${rule.id} and s.invoice_id = i.id
        where i.customer_id = ${rule.customerId} and i.status = 'O'
          and i.tran_currency_code = ${rule.currencyCode} and i.due_date <= ${dueBy}::date
        order by i.due_date, i.id`,
  );
}

export async function hasRun(db: Db, ruleId: number, runDate: string): Promise<boolean> {
  const rows = await db
    .select({ ruleId: autopayRuns.ruleId })
    .from(autopayRuns)
    .where(and(eq(autopayRuns.ruleId, ruleId), eq(autopayRuns.runDate, runDate)));
  return rows.length > 0;
}

/** Claims the rule's day; false when another run (a retry, another process) has it already. */
export async function claimRun(
  db: Db,
  row: { ruleId: number; runDate: string; customerId: number; status: 'STARTED' | 'FAILED' },
): Promise<boolean> {
  const claimed = await db.insert(autopayRuns).values(row).onConflictDoNothing().returning();
  return claimed.length > 0;
}

export async function updateRun(
  db: Db,
  key: { ruleId: number; runDate: string },
  values: { status: 'STARTED' | 'PAID' | 'FAILED'; paymentId: number | null },
): Promise<void> {
  await db
    .update(autopayRuns)
    .set(values)
    .where(and(eq(autopayRuns.ruleId, key.ruleId), eq(autopayRuns.runDate, key.runDate)));
}

/** Counts a failed day; the rule stops at its number of tries. Answers the rule as it is now. */
export async function countFailure(db: Db, ruleId: number, reason: string): Promise<RuleRow | undefined> {
  const [row] = await db
    .update(autopayRules)
    .set({
      failures: sql`${autopayRules.failures} + 1`,
      status: sql`case when ${autopayRules.failures} + 1 >= ${autopayRules.maxFailures} then 'STOPPED' else 'ACTIVE' end`,
      stoppedReason: sql`case when ${autopayRules.failures} + 1 >= ${autopayRules.maxFailures} then ${reason} else null end`,
      updatedAt: sql`now()`,
    })
    .where(eq(autopayRules.id, ruleId))
    .returning();
  return row;
}

export async function resetFailures(db: Db, ruleId: number): Promise<void> {
  await db
    .update(autopayRules)
    .set({ failures: 0 })
    .where(and(eq(autopayRules.id, ruleId), sql`${autopayRules.failures} > 0`));
}

/** Each entry once (its once_key): a retried run logs nothing twice. */
export async function insertLog(db: Db, entries: NewLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(autopayLog).values(entries).onConflictDoNothing();
}

export function findLog(db: Db, key: RuleKey, limit = 200) {
  return db
    .select()
    .from(autopayLog)
    .where(
      and(
        eq(autopayLog.userId, key.userId),
        eq(autopayLog.customerId, key.customerId),
        eq(autopayLog.currencyCode, key.currencyCode),
      ),
    )
    .orderBy(desc(autopayLog.id))
    .limit(limit);
}

export async function insertSkip(
  db: Db,
  row: { ruleId: number; invoiceId: number; customerId: number; userId: number },
): Promise<void> {
  await db.insert(autopaySkips).values(row).onConflictDoNothing();
}

export async function findInvoiceId(db: Db, customerId: number, invNo: string): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from invoices where customer_id = ${customerId} and inv_no = ${invNo}
        order by (status = 'O') desc, id limit 1`,
  );
  return rows[0]?.id;
}
