import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import {
  paymentConfigs,
  paymentEvents,
  paymentLines,
  paymentNotifications,
  paymentProviderSettings,
  payments,
} from '../../db/schema/payments';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type ConfigRow = typeof paymentConfigs.$inferSelect;
export type ProviderRow = typeof paymentProviderSettings.$inferSelect;
export type Flow = ConfigRow['flow'];
export type PaymentType = ProviderRow['paymentType'];

export async function findConfig(db: Db, key: { tenantId: number; flow: Flow; currencyCode: string }) {
  const [row] = await db
    .select()
    .from(paymentConfigs)
    .where(
      and(
        eq(paymentConfigs.tenantId, key.tenantId),
        eq(paymentConfigs.flow, key.flow),
        eq(paymentConfigs.currencyCode, key.currencyCode),
      ),
    );
  return row;
}

export async function findProviderSettings(
  db: Db,
  key: { tenantId: number; flow: Flow; paymentType: PaymentType; currencyCode: string },
) {
  const [row] = await db
    .select()
    .from(paymentProviderSettings)
    .where(
      and(
        eq(paymentProviderSettings.tenantId, key.tenantId),
        eq(paymentProviderSettings.flow, key.flow),
        eq(paymentProviderSettings.paymentType, key.paymentType),
        eq(paymentProviderSettings.currencyCode, key.currencyCode),
      ),
    );
  return row;
}

export async function upsertConfig(db: Db, row: typeof paymentConfigs.$inferInsert) {
  const { tenantId, flow, currencyCode, ...rest } = row;
  await db
    .insert(paymentConfigs)
    .values(row)
    .onConflictDoUpdate({
      target: [paymentConfigs.tenantId, paymentConfigs.flow, paymentConfigs.currencyCode],
      set: rest,
    });
}

export async function upsertProviderSettings(db: Db, row: typeof paymentProviderSettings.$inferInsert) {
  const { tenantId, flow, paymentType, currencyCode, ...rest } = row;
  await db
    .insert(paymentProviderSettings)
    .values(row)
    .onConflictDoUpdate({
      target: [
        paymentProviderSettings.tenantId,
        paymentProviderSettings.flow,
        paymentProviderSettings.paymentType,
        paymentProviderSettings.currencyCode,
      ],
      set: rest,
    });
}

export async function insertPayment(db: Db, row: NewPayment): Promise<PaymentRow> {
  const [created] = await db.insert(payments).values(row).returning();
  return created!;
}

export async function insertLines(db: Db, rows: Array<typeof paymentLines.$inferInsert>): Promise<void> {
  if (rows.length > 0) await db.insert(paymentLines).values(rows);
}

export async function insertEvent(db: Db, paymentId: number, event: string, detail: string | null = null) {
  await db.insert(paymentEvents).values({ paymentId, event, detail });
}

export async function findByExtRef(db: Db, extTranRefId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.extTranRefId, extTranRefId));
  return row;
}

export async function findById(db: Db, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment locked until the transaction ends: its settlement happens once. */
export async function lockByExtRef(db: Db, extTranRefId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.extTranRefId, extTranRefId)).for('update');
  return row;
}

export async function findPendingCartPayment(
  db: Db,
  owner: { userId: number; customerId: number; currencyCode: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, owner.userId),
        eq(payments.customerId, owner.customerId),
        eq(payments.currencyCode, owner.currencyCode),
        eq(payments.flow, 'cart'),
        eq(payments.status, 'PENDING'),
      ),
    );
  return row;
}

/** PENDING payments holding any of these invoices. */
export async function findPendingHolding(db: Db, invoiceIds: number[]): Promise<PaymentRow[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ payment: payments })
    .from(payments)
    .innerJoin(paymentLines, eq(paymentLines.paymentId, payments.id))
    .where(and(inArray(paymentLines.invoiceId, invoiceIds), eq(paymentLines.inFlight, true)));
  return rows.map((row) => row.payment);
}

export function findLines(db: Db, paymentId: number) {
  return db
    .select()
    .from(paymentLines)
    .where(eq(paymentLines.paymentId, paymentId))
    .orderBy(asc(paymentLines.id));
}

export function findEvents(db: Db, paymentId: number) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
}

export async function updatePayment(db: Db, id: number, values: Partial<NewPayment>): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** The lines leave flight: their invoices may be paid again. */
export async function landLines(db: Db, paymentId: number): Promise<void> {
  await db.update(paymentLines).set({ inFlight: false }).where(eq(paymentLines.paymentId, paymentId));
}

/** Answers false when this notification was already recorded (a replay). */
export async function insertNotification(
  db: Db,
  row: typeof paymentNotifications.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(paymentNotifications)
    .values(row)
    .onConflictDoNothing({ target: [paymentNotifications.provider, paymentNotifications.notificationId] })
    .returning({ id: paymentNotifications.id });
  return inserted.length > 0;
}

export function findPending(db: Db, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.status, 'PENDING'))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

export async function countNotifications(db: Db, extTranRefId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentNotifications)
    .where(eq(paymentNotifications.extTranRefId, extTranRefId));
  return row?.count ?? 0;
}

/** The seller's name on a receipt: the tenant's. */
export async function findTenantName(db: Db, tenantId: number): Promise<string> {
  const rows = await queryRows<{ name: string }>(db, sql`select name from tenants where id = ${tenantId}`);
  return rows[0]?.name ?? '';
}

/** What the receipt email names besides the payment: the portal, the seller and the customer. */
export async function findReceiptParties(db: Db, paymentId: number) {
  const rows = await queryRows<{ app_name: string; tenant_name: string; company: string }>(
    db,
    sql`select t.app_header_name as app_name, t.name as tenant_name, c.company
        from payments p join tenants t on t.id = p.tenant_id join customers c on c.id = p.customer_id
        where p.id = ${paymentId}`,
  );
  return rows[0];
}
