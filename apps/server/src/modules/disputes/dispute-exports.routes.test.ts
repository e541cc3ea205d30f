import { Privilege } from '@settle/shared/privileges';
import { eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildReasonCodes, buildTenant } from '../../test/factories';
import { type SignedInCustomer, signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';
import { readPdf, readPdfCharacters } from '../documents/pdf-reader.test-helper';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  await buildReasonCodes(context.database.db, tenantId);
});
afterAll(() => context.close());

async function withDisputes(amounts: string[]) {
  const owner = await signedInCustomer(context, tenantId);
  for (const amount of amounts) {
    const invoice = await owner.invoice({
      amount: '500.00',
      invoiceDate: '2026-09-01',
      dueDate: '2026-10-01',
    });
    const created = await owner.client.post('/dispute/0', {
      invNo: invoice.invNo,
      style: 'other',
      disputedAmount: amount,
      reasonCode: 'DAMAGED',
    });
    expect(created.statusCode, created.body).toBe(200);
  }
  return owner;
}

const utc = (date: string) => new Date(`${date}T00:00:00.000Z`);

describe('dispute grid exports (the invoice exports, generalised)', () => {
  it('exports the grid to Excel: default columns, typed values, the sort and filter of the grid', async () => {
    const owner: SignedInCustomer = await withDisputes(['30.00', '10.00', '20.00']);
    const filter = encodeURIComponent('disputedAmount ge 20');
    const response = await owner.client.get(
      `/disputes/export/xlsx?sort=disputedAmount&dir=desc&scope=all&filter=${filter}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="disputes-${owner.customer.custNo}-USD.xlsx"`,
    );
    expect(response.headers['x-total-count']).toBe('2');
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual([
      'Invoice number',
      'Invoice date',
      'Due date',
      'Amount (USD)',
      'Disputed amount (USD)',
      'Status',
      'Reason',
    ]);
    expect(rows.slice(1)).toEqual([
      ['INV-001', utc('2026-09-01'), utc('2026-10-01'), 500, 30, 'UnIdentified', 'Damaged goods'],
      ['INV-003', utc('2026-09-01'), utc('2026-10-01'), 500, 20, 'UnIdentified', 'Damaged goods'],
    ]);
  });

  it('exports the grid to PDF with the disputes title and totals', async () => {
    const owner = await withDisputes(['12.50', '7.50']);
    const response = await owner.client.get('/disputes/export/pdf?scope=all');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(response.rawPayload)).text;
    expect(text).toContain(`Disputes of ${owner.customer.company} (${owner.customer.custNo})`);
    expect(text).toContain('Total: 2 disputes');
    expect(text).toContain('20.00');
  });

  it('writes both exports in the reader’s language: column titles, the status in words, fr-FR formats', async () => {
    const owner = await withDisputes(['400.00', '234.50']);
    await context.database.db
      .update(users)
      .set({ language: 'fr', localeForFormatting: 'fr-FR' })
      .where(eq(users.id, owner.user.id));
    const rows = await readSheet(
      (await owner.client.get('/disputes/export/xlsx?scope=all&sort=disputedAmount&dir=desc')).rawPayload,
    );
    expect(rows[0]).toEqual([
      'Numéro de facture',
      'Date de facture',
      "Date d'échéance",
      'Montant (USD)',
      'Montant contesté (USD)',
      'Statut',
      'Motif',
    ]);
    // The status in the reader's words; the reason is the tenant's own text, as stored.
    expect(rows[1]).toEqual([
      'INV-001',
      utc('2026-09-01'),
      utc('2026-10-01'),
      500,
      400,
      'Non identifié',
      'Damaged goods',
    ]);

    const response = await owner.client.get('/disputes/export/pdf?scope=all');
    expect(response.statusCode, response.body).toBe(200);
    const text = (await readPdf(response.rawPayload)).text;
    for (const expected of [
      `Litiges du client ${owner.customer.company} (${owner.customer.custNo})`,
      'Montant contesté (USD)',
      '1 sept. 2026',
      'Non identifié',
      'Total : 2 litiges',
      'Page 1 sur 1',
    ]) {
      expect(text).toContain(expected);
    }
    // The totals: 500 + 500 of invoice amounts, 400 + 234.50 disputed.
    const characters = (await readPdfCharacters(response.rawPayload))[0]!;
    expect(characters).toMatch(/^1\u202f000,00$/m);
    expect(characters).toMatch(/^634,50$/m);
    expect(text).not.toMatch(/Disputes of|UnIdentified|Total: |Page 1 of/);
  });

  it('leaves the disputed amount out without TR_USER.ALLOW_PROB_VIEW, and refuses it as a column', async () => {
    const owner = await withDisputes(['15.00']);
    const colleague = await signedInCustomer(context, tenantId, {
      roles: [Privilege.ALLOW_PROB],
      colleagueOf: { customer: owner.customer },
    });
    const rows = await readSheet((await colleague.client.get('/disputes/export/xlsx')).rawPayload);
    expect(rows[0]).not.toContain('Disputed amount (USD)');
    expect(rows[1]).toEqual([
      'INV-001',
      utc('2026-09-01'),
      utc('2026-10-01'),
      500,
      'UnIdentified',
      'Damaged goods',
    ]);
    const refused = await colleague.client.get('/disputes/export/xlsx?columns=invNo,disputedAmount');
    expectError(refused, 400, 'BAD_REQUEST');
  });
});
