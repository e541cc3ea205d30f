import { Readable } from 'node:stream';
import { DISPUTE_STATUS_CODES } from '@settle/shared/disputes';
import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import { lineDisputedMinor } from '@settle/shared/rules/disputes';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/file-storage/file-storage';
import { type Db, queryRows } from '../client';
import {
  disputeAttachments,
  disputeLines,
  disputeNotes,
  disputeReasonCodes,
  disputes,
} from '../schema/disputes';
import { uploads } from '../schema/uploads';
import { COLLECTORS } from './demo-catalogue';
import type { Random } from './random';

export const DEMO_REASON_CODES = [
  { code: 'PRICE', description: 'Price difference' },
  { code: 'QTY', description: 'Quantity short' },
  { code: 'DAMAGED', description: 'Damaged goods' },
  { code: 'NOT_ORDERED', description: 'Not ordered' },
  { code: 'DUPLICATE', description: 'Billed twice' },
  { code: 'TERMS', description: 'Terms not agreed' },
];

const CUSTOMER_NOTES = [
  'Two cartons arrived crushed; photos sent to your driver.',
  'The quoted price was lower than the invoiced one.',
  'We received 8 units, not 10.',
  'This order was cancelled by phone on the 3rd.',
  'Please check against our purchase order.',
];
const COLLECTOR_REPLIES = [
  'Thank you, we are checking with the warehouse.',
  'Credit approved; it will show on your next statement.',
  'We need the delivery note signed by your receiving clerk.',
];
const INTERNAL_NOTES = ['Internal: carrier claim opened.', 'Internal: price list v12 applied by mistake.'];

type DisputedInvoice = {
  id: number;
  customer_id: number;
  currency_code: string;
  dispute_amount: string;
  balance: string;
  company: string;
};

/**
 * Disputes for the demo: one for every invoice the generator left with a disputed amount,
 * in every status, some by line item (the invoice's disputed amount is then set to what the
 * lines hold, so that invoices and disputes agree), with notes from both sides (some not
 * exposed), a few attachments when a file storage is given, and customer-level disputes.
 */
/** Rows per statement, well within PostgreSQL's 65,535 parameters. */
const CHUNK = 2000;

export async function seedDemoDisputes(
  db: Db,
  options: { tenantId: number; random: Random; today: Date; storage?: FileStorage; customerLevel: number[] },
): Promise<number> {
  const { tenantId, random } = options;
  await db
    .insert(disputeReasonCodes)
    .values(DEMO_REASON_CODES.map((reason, position) => ({ tenantId, position, ...reason })));
  const disputed = await queryRows<DisputedInvoice>(
    db,
    sql`select i.id, i.customer_id, i.tran_currency_code as currency_code, i.dispute_amount::text, i.balance::text, c.company
        from invoices i join customers c on c.id = i.customer_id
        where i.tenant_id = ${tenantId} and i.dispute_amount > 0 order by i.id`,
  );
  const day = 86_400_000;
  const rows: Array<typeof disputes.$inferInsert> = [];
  const heldLines: Array<{ index: number; lineItemId: number; count: string; amount: string }> = [];

  // Every third disputed invoice is disputed by its first whole line: those lines in one query.
  const firstLines = new Map<number, { id: number; price: string }>();
  const lineCandidates = disputed.filter((_, index) => index % 3 === 1).map((invoice) => invoice.id);
  for (let start = 0; start < lineCandidates.length; start += CHUNK) {
    const ids = `{${lineCandidates.slice(start, start + CHUNK).join(',')}}`;
    const lines = await queryRows<{ invoice_id: number; id: number; price: string }>(
      db,
      sql`select distinct on (invoice_id) invoice_id, id, price::text from invoice_line_items
          where invoice_id = any(${ids}::int[]) and qty_ship >= 1 and price > 0 order by invoice_id, line_no`,
    );
    for (const line of lines) firstLines.set(line.invoice_id, line);
  }

  for (const [index, invoice] of disputed.entries()) {
    let style: 'artran' | 'other' = 'other';
    let amount = invoice.dispute_amount;
    if (index % 3 === 1) {
      const line = firstLines.get(invoice.id);
      const lineMinor = line ? lineDisputedMinor({ disputedCount: '1', price: line.price }) : 0;
      if (line && lineMinor > 0 && lineMinor <= toMinorUnits(invoice.balance)) {
        style = 'artran';
        amount = fromMinorUnits(lineMinor);
        heldLines.push({ index, lineItemId: line.id, count: '1', amount });
      }
    }
    rows.push({
      tenantId,
      customerId: invoice.customer_id,
      probNo: 1001 + index,
      invoiceId: invoice.id,
      custDispute: false,
      currencyCode: invoice.currency_code,
      style,
      disputedAmount: amount,
      description: style === 'artran' ? 'One unit disputed' : 'Amount disputed',
      reasonCode: DEMO_REASON_CODES[index % DEMO_REASON_CODES.length]!.code,
      statusCode: DISPUTE_STATUS_CODES[index % DISPUTE_STATUS_CODES.length]!,
      createdByName: invoice.company,
      createdAt: new Date(options.today.getTime() - (3 + random.int(0, 60)) * day),
    });
  }
  for (const [offset, customerId] of options.customerLevel.entries()) {
    const [customer] = await queryRows<{ currencies: string[]; company: string }>(
      db,
      sql`select currencies, company from customers where id = ${customerId}`,
    );
    rows.push({
      tenantId,
      customerId,
      probNo: 1001 + disputed.length + offset,
      invoiceId: null,
      custDispute: true,
      currencyCode: customer!.currencies[0] ?? 'USD',
      style: 'other',
      disputedAmount: fromMinorUnits(random.int(5_000, 90_000)),
      description: 'Freight charged on orders that shipped free',
      reasonCode: 'TERMS',
      statusCode: offset % 2 === 0 ? 'I' : 'U',
      createdByName: customer!.company,
      createdAt: new Date(options.today.getTime() - (1 + offset) * day),
    });
  }
  if (rows.length === 0) return 0;

  // In chunks: a million-invoice seed has tens of thousands of disputes, past a statement's parameters.
  const inserted: Array<{ id: number; createdAt: Date }> = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    inserted.push(
      ...(await db
        .insert(disputes)
        .values(rows.slice(start, start + CHUNK))
        .returning({ id: disputes.id, createdAt: disputes.createdAt })),
    );
  }
  // Line-item disputes hold exactly their lines: the invoice and the line agree with the dispute.
  for (let start = 0; start < heldLines.length; start += CHUNK) {
    const chunk = heldLines.slice(start, start + CHUNK);
    const invoiceIds = `{${chunk.map((held) => rows[held.index]!.invoiceId!).join(',')}}`;
    const lineIds = `{${chunk.map((held) => held.lineItemId).join(',')}}`;
    const counts = `{${chunk.map((held) => held.count).join(',')}}`;
    const amounts = `{${chunk.map((held) => held.amount).join(',')}}`;
    await db.execute(
      sql`update invoices i set dispute_amount = v.amount
          from unnest(${invoiceIds}::int[], ${amounts}::numeric[]) as v(id, amount) where i.id = v.id`,
    );
    await db.execute(
      sql`update invoice_line_items l set disputed_count = v.count, disputed_amt = v.amount
          from unnest(${lineIds}::int[], ${counts}::numeric[], ${amounts}::numeric[]) as v(id, count, amount)
          where l.id = v.id`,
    );
    await db.insert(disputeLines).values(
      chunk.map((held) => ({
        disputeId: inserted[held.index]!.id,
        lineItemId: held.lineItemId,
        disputedCount: held.count,
        disputedAmt: held.amount,
      })),
    );
  }

  const notes: Array<typeof disputeNotes.$inferInsert> = [];
  for (const [index, dispute] of inserted.entries()) {
    const opened = dispute.createdAt.getTime();
    const collector = COLLECTORS[index % COLLECTORS.length]!.name;
    notes.push({
      disputeId: dispute.id,
      note: CUSTOMER_NOTES[index % CUSTOMER_NOTES.length]!,
      exposed: true,
      enteredBy: rows[index]!.createdByName,
      enteredOn: new Date(opened + 60_000),
    });
    if (index % 2 === 0)
      notes.push({
        disputeId: dispute.id,
        note: COLLECTOR_REPLIES[index % COLLECTOR_REPLIES.length]!,
        exposed: true,
        enteredBy: collector,
        enteredOn: new Date(opened + day),
      });
    if (index % 3 === 0)
      notes.push({
        disputeId: dispute.id,
        note: INTERNAL_NOTES[index % INTERNAL_NOTES.length]!,
        exposed: false,
        enteredBy: collector,
        enteredOn: new Date(opened + 2 * day),
      });
  }
  for (let start = 0; start < notes.length; start += CHUNK) {
    await db.insert(disputeNotes).values(notes.slice(start, start + CHUNK));
  }
  if (options.storage) await seedAttachments(db, options.storage, rows, inserted);
  return inserted.length;
}

/** A delivery note on the first dispute of each of a few customers: real files in the storage. */
async function seedAttachments(
  db: Db,
  storage: FileStorage,
  rows: Array<typeof disputes.$inferInsert>,
  inserted: Array<{ id: number }>,
) {
  const seen = new Set<number>();
  for (const [index, row] of rows.entries()) {
    if (seen.has(row.customerId) || seen.size >= 6) continue;
    seen.add(row.customerId);
    const content = `Delivery note for dispute ${row.probNo}\nReceived by: warehouse\nRemarks: see dispute description.\n`;
    const file = await storage.write(Readable.from([Buffer.from(content)]), { maxBytes: 1024 * 1024 });
    const [upload] = await db
      .insert(uploads)
      .values({
        tenantId: row.tenantId,
        customerId: row.customerId,
        uuid: `00000000-0000-4000-8000-${String(row.probNo).padStart(12, '0')}`,
        fileName: `delivery-note-${row.probNo}.txt`,
        docType: 'txt',
        size: file.size,
        sha256: file.sha256,
        storageKey: file.key,
        creatorName: row.createdByName,
      })
      .returning({ id: uploads.id });
    await db.insert(disputeAttachments).values({ disputeId: inserted[index]!.id, uploadId: upload!.id });
  }
}
