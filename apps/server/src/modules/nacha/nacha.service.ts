import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import { and, asc, desc, eq, lt, notExists, sql } from 'drizzle-orm';
import type { NachaOrigin } from '../../config';
import type { Db } from '../../db/client';
import { nachaFilePayments, nachaFiles } from '../../db/schema/nacha';
import { payments } from '../../db/schema/payments';
import { badRequest, notFound } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed-values';
import { buildNachaFile, type NachaEntry } from './nacha-format';

export const NACHA_CURRENCY = 'USD';

export type NachaFileSummary = {
  id: number;
  cutoffDate: string;
  currencyCode: string;
  fileName: string;
  entryCount: number;
  totalDebit: string;
  entryHash: string;
  createdAt: string;
};

const summaryColumns = {
  id: nachaFiles.id,
  cutoffDate: nachaFiles.cutoffDate,
  currencyCode: nachaFiles.currencyCode,
  fileName: nachaFiles.fileName,
  entryCount: nachaFiles.entryCount,
  totalDebit: nachaFiles.totalDebit,
  entryHash: nachaFiles.entryHash,
  createdAt: nachaFiles.createdAt,
};
const summaryOf = (row: { createdAt: Date; totalDebit: string } & Omit<NachaFileSummary, 'createdAt'>) => ({
  ...row,
  totalDebit: fromMinorUnits(toMinorUnits(row.totalDebit)),
  createdAt: row.createdAt.toISOString(),
});

/** A cut-off date: a real calendar day, not after today (UTC). */
export function parseCutoffDate(value: string | undefined, today = new Date()): string {
  const text = (value ?? '').trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    throw badRequest('The cut-off date must be a date as YYYY-MM-DD.');
  if (text > today.toISOString().slice(0, 10)) throw badRequest('The cut-off date cannot be in the future.');
  return text;
}

/**
 * The e-check file for the bank: once per tenant, cut-off date and USD, the SUCCESS e-check payments
 * created before the end of the cut-off day (UTC) and not yet in a file. The file row is unique per
 * cut-off and each payment's link is unique, so a second or concurrent generation adds nothing.
 */
export function createNachaService(db: Db, deps: { origin: NachaOrigin; sealer: Sealer }) {
  async function generate(tenantId: number, cutoffDate: string) {
    return db.transaction(async (tx) => {
      const [file] = await tx
        .insert(nachaFiles)
        .values({
          tenantId,
          cutoffDate,
          currencyCode: NACHA_CURRENCY,
          fileName: `ach-${cutoffDate}-${NACHA_CURRENCY.toLowerCase()}.txt`,
        })
        .onConflictDoNothing()
        .returning({ id: nachaFiles.id, createdAt: nachaFiles.createdAt });
      if (!file) {
        const [existing] = await tx
          .select(summaryColumns)
          .from(nachaFiles)
          .where(
            and(
              eq(nachaFiles.tenantId, tenantId),
              eq(nachaFiles.cutoffDate, cutoffDate),
              eq(nachaFiles.currencyCode, NACHA_CURRENCY),
            ),
          );
        return { created: false, file: summaryOf(existing!) };
      }
      const endOfDay = new Date(`${cutoffDate}T00:00:00Z`);
      endOfDay.setUTCDate(endOfDay.getUTCDate() + 1);
      const candidates = await tx
        .select({
          id: payments.id,
          reference: payments.extTranRefId,
          total: payments.total,
          name: payments.accountHolder,
          payerName: payments.payerName,
          accountType: payments.accountType,
          routingNumber: payments.routingNumber,
          accountEncrypted: payments.accountEncrypted,
        })
        .from(payments)
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.paymentType, 'ECHECK'),
            eq(payments.status, 'SUCCESS'),
            eq(payments.currencyCode, NACHA_CURRENCY),
            lt(payments.createdAt, endOfDay),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(nachaFilePayments)
                .where(eq(nachaFilePayments.paymentId, payments.id)),
            ),
          ),
        )
        .orderBy(asc(payments.id));
      const usable = candidates.filter((row) => row.routingNumber && row.accountEncrypted);
      // A concurrent generation of another day may take a payment first: its link wins, ours is skipped.
      const taken = usable.length
        ? await tx
            .insert(nachaFilePayments)
            .values(usable.map((row) => ({ paymentId: row.id, fileId: file.id, tenantId })))
            .onConflictDoNothing()
            .returning({ paymentId: nachaFilePayments.paymentId })
        : [];
      const takenIds = new Set(taken.map((row) => row.paymentId));
      const entries: NachaEntry[] = usable
        .filter((row) => takenIds.has(row.id))
        .map((row) => {
          const accountNumber = deps.sealer.open('echeck-account', row.accountEncrypted!);
          if (!accountNumber) throw new Error(`The account number of payment ${row.id} cannot be opened`);
          return {
            routingNumber: row.routingNumber!,
            accountNumber,
            accountType: row.accountType,
            amountCents: toMinorUnits(row.total),
            reference: row.reference,
            name: row.name || row.payerName,
          };
        });
      const built = buildNachaFile(deps.origin, { cutoffDate, createdAt: file.createdAt }, entries);
      const [saved] = await tx
        .update(nachaFiles)
        .set({
          content: built.text,
          entryCount: built.entryCount,
          totalDebit: fromMinorUnits(built.totalDebitCents),
          entryHash: built.entryHash,
        })
        .where(eq(nachaFiles.id, file.id))
        .returning(summaryColumns);
      return { created: true, file: summaryOf(saved!) };
    });
  }

  return {
    generate,

    async list(tenantId: number, cutoffDate?: string): Promise<NachaFileSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(nachaFiles)
        .where(
          and(
            eq(nachaFiles.tenantId, tenantId),
            cutoffDate ? eq(nachaFiles.cutoffDate, cutoffDate) : undefined,
          ),
        )
        .orderBy(desc(nachaFiles.cutoffDate))
        .limit(100);
      return rows.map(summaryOf);
    },

    /** The file's text; another tenant's file answers 404. */
    async download(tenantId: number, id: number) {
      const [row] = await db
        .select({ fileName: nachaFiles.fileName, content: nachaFiles.content })
        .from(nachaFiles)
        .where(and(eq(nachaFiles.tenantId, tenantId), eq(nachaFiles.id, id)));
      if (!row) throw notFound('NACHA file');
      return row;
    },

    /** The payment ids a file took, for tests and operators. */
    async paymentIds(tenantId: number, fileId: number) {
      const rows = await db
        .select({ paymentId: nachaFilePayments.paymentId })
        .from(nachaFilePayments)
        .where(and(eq(nachaFilePayments.tenantId, tenantId), eq(nachaFilePayments.fileId, fileId)))
        .orderBy(asc(nachaFilePayments.paymentId));
      return rows.map((row) => row.paymentId);
    },
  };
}

export type NachaService = ReturnType<typeof createNachaService>;
