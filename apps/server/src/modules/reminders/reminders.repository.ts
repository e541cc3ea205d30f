import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { reminderDigests, reminderSettings } from '../../db/schema/notices';

export async function findSettings(db: Db, userId: number) {
  const rows = await db
    .select({
      dueIn7Days: reminderSettings.dueIn7Days,
      dueIn1Day: reminderSettings.dueIn1Day,
      overdue: reminderSettings.overdue,
    })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId))
    .limit(1);
  return rows[0];
}

export async function saveSettings(
  db: Db,
  row: { userId: number; tenantId: number; dueIn7Days: boolean; dueIn1Day: boolean; overdue: boolean },
): Promise<void> {
  const updatedAt = new Date();
  await db
    .insert(reminderSettings)
    .values({ ...row, updatedAt })
    .onConflictDoUpdate({
      target: reminderSettings.userId,
      set: { dueIn7Days: row.dueIn7Days, dueIn1Day: row.dueIn1Day, overdue: row.overdue, updatedAt },
    });
}

/** Every reminder off; true when the user exists (the signed link names a user id). */
export async function turnOff(db: Db, userId: number): Promise<void> {
  await db
    .update(reminderSettings)
    .set({ dueIn7Days: false, dueIn1Day: false, overdue: false, updatedAt: new Date() })
    .where(eq(reminderSettings.userId, userId));
}

export type ReminderUserRow = {
  user_id: number;
  tenant_id: number;
  email: string;
  first_name: string;
  language: string;
  locale_for_formatting: string;
  due_in_7_days: boolean;
  due_in_1_day: boolean;
  overdue: boolean;
  app_name: string;
};

/** Active users with an email address who want some reminder and have no digest of `day` yet. */
export function findReminderUsers(db: Db, day: string): Promise<ReminderUserRow[]> {
  return queryRows<ReminderUserRow>(
    db,
    sql`select u.id as user_id, u.tenant_id, u.email, u.first_name, u.language, u.locale_for_formatting,
          r.due_in_7_days, r.due_in_1_day, r.overdue,
          coalesce(nullif(t.app_header_name, ''), t.name) as app_name
        from reminder_settings r
        join users u on u.id = r.user_id and u.active and u.email <> ''
        join tenants t on t.id = u.tenant_id
        where (r.due_in_7_days or r.due_in_1_day or r.overdue)
          and not exists (select 1 from reminder_digests d where d.user_id = r.user_id and d.day = ${day}::date)
        order by u.id`,
  );
}

export type ReminderInvoiceRow = {
  inv_no: string;
  cust_no: string;
  company: string;
  due_date: string;
  balance: string;
  tran_currency_code: string;
};

/**
 * The open invoices that still owe, of every customer linked to the user, due on one of `dueDates`
 * (7 days ahead, tomorrow, yesterday: the day they became overdue).
 */
export function findInvoicesDueOn(db: Db, userId: number, dueDates: string[]): Promise<ReminderInvoiceRow[]> {
  if (dueDates.length === 0) return Promise.resolve([]);
  const dates = sql.join(
    dueDates.map((date) => sql`${date}::date`),
    sql`, `,
  );
  return queryRows<ReminderInvoiceRow>(
    db,
    sql`select i.inv_no, i.cust_no, c.company, i.due_date::text as due_date, i.balance::text as balance,
          i.tran_currency_code
        from user_customers uc
        join customers c on c.id = uc.customer_id
        join invoices i on i.customer_id = uc.customer_id
        where uc.user_id = ${userId} and i.status = 'O' and i.balance > 0 and i.due_date in (${dates})
        order by i.due_date, i.cust_no, i.inv_no`,
  );
}

/** The once-a-day mark of a user's digest; false when another run or process has it already. */
export async function claimDigest(db: Db, row: { userId: number; day: string; invoiceCount: number }) {
  const claimed = await db
    .insert(reminderDigests)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: reminderDigests.userId });
  return claimed.length === 1;
}

export async function releaseDigest(db: Db, row: { userId: number; day: string }): Promise<void> {
  await db
    .delete(reminderDigests)
    .where(and(eq(reminderDigests.userId, row.userId), eq(reminderDigests.day, row.day)));
}
