import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DISPUTE_MESSAGES } from '@settle/shared/disputes';
import { Privilege } from '@settle/shared/privileges';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity';
import { disputeNotes, disputes } from '../../db/schema/disputes';
import { expectError } from '../../test/expect-error';
import { buildReasonCodes, buildTenant } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { type SignedInCustomer, signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;
let uploadDir = '';

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'settle-dispute-test-'));
  context = await createTestApp({ UPLOAD_DIR: uploadDir });
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  await buildReasonCodes(context.database.db, tenantId);
});
afterAll(async () => {
  await context.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const account = (options: Parameters<typeof signedInCustomer>[2] = {}) =>
  signedInCustomer(context, tenantId, options);

/** A dispute by amount on a new invoice of the account. */
async function openDispute(owner: SignedInCustomer, overrides: Record<string, unknown> = {}) {
  const invoice = await owner.invoice({ amount: '200.00' });
  const response = await owner.client.post('/dispute/0', {
    invNo: invoice.invNo,
    style: 'other',
    disputedAmount: '50.00',
    reasonCode: 'PRICE',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { invoice, dispute: response.json() as { id: number; probNo: number } };
}

async function uploadText(owner: SignedInCustomer, name: string, content: string) {
  const body = multipartBody([{ name, content }]);
  const response = await owner.client.request({ method: 'POST', url: '/upload/file', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().files[0] as { uuid: string; id: number };
}

const storedDispute = async (id: number) =>
  (await context.database.db.select().from(disputes).where(eq(disputes.id, id)))[0]!;
const storedNotes = (id: number) =>
  context.database.db.select().from(disputeNotes).where(eq(disputeNotes.disputeId, id));
const storedActivityKinds = async (customerId: number) =>
  (
    await context.database.db
      .select()
      .from(activity)
      .where(eq(activity.customerId, customerId))
      .orderBy(activity.id)
  ).map((row) => row.kind);

describe('reading a dispute', () => {
  it("answers another customer's dispute, notes, reason and attachment as not found", async () => {
    const owner = await account();
    const file = await uploadText(owner, 'proof.txt', 'proof');
    const { dispute } = await openDispute(owner, { attachments: [file.uuid], newNote: 'See the proof' });
    const attachmentId = (await owner.client.get(`/dispute/${dispute.probNo}`)).json()
      .disputeAttachmentList[0].id;
    const stranger = await account();

    expectError(await stranger.client.get(`/dispute/${dispute.probNo}`), 404, 'NOT_FOUND');
    expectError(await stranger.client.get(`/dispute/${dispute.id}/note`), 404, 'NOT_FOUND');
    expectError(await stranger.client.get(`/dispute/${dispute.id}/reason`), 404, 'NOT_FOUND');
    expectError(await stranger.client.get(`/dispute/attachment/${attachmentId}`), 404, 'NOT_FOUND');
    expectError(await stranger.client.get('/dispute/999999'), 404, 'NOT_FOUND');
    const update = await stranger.client.put(`/dispute/${dispute.probNo}`, { newNote: 'Mine now' });
    expectError(update, 404, 'NOT_FOUND');
    expect(await storedNotes(dispute.id)).toHaveLength(1);
  });

  it('serves an attachment to its customer with a safe Content-Disposition', async () => {
    const owner = await account();
    const file = await uploadText(owner, "réponse; final (v2)'.txt", 'the answer');
    const { dispute } = await openDispute(owner, { attachments: [file.uuid] });
    const detail = (await owner.client.get(`/dispute/${dispute.probNo}`)).json();
    expect(detail.disputeAttachmentList).toMatchObject([
      { fileName: "réponse; final (v2)'.txt", docType: 'txt', size: 10 },
    ]);

    const response = await owner.client.get(`/dispute/attachment/${detail.disputeAttachmentList[0].id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('the answer');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="r_ponse__final__v2__.txt"; filename*=UTF-8''r%C3%A9ponse%3B%20final%20%28v2%29%27.txt`,
    );
  });

  it('hides disputed amounts without TR_USER.ALLOW_PROB_VIEW', async () => {
    const owner = await account();
    const { dispute } = await openDispute(owner);
    const colleague = await account({ roles: [], colleagueOf: { customer: owner.customer } });
    const detail = (await colleague.client.get(`/dispute/${dispute.probNo}`)).json();
    expect(detail).toMatchObject({ probNo: dispute.probNo, disputedAmount: null, canUpdate: false });
    const grid = (await colleague.client.get('/disputes')).json();
    expect(grid.rows[0].disputedAmount).toBeNull();
    expect(grid.totals.disputedAmount).toBeNull();
    const probe = await colleague.client.get(
      `/disputes?filter=${encodeURIComponent('disputedAmount gt 10')}`,
    );
    expectError(probe, 400, 'INVALID_FILTER');
  });
});

describe('updating a dispute', () => {
  it('adds a note, changes the reason and attaches files, each written to the activity', async () => {
    const owner = await account();
    const { dispute } = await openDispute(owner);
    const file = await uploadText(owner, 'more.txt', 'more');

    const response = await owner.client.put(`/dispute/${dispute.probNo}`, {
      newNote: 'Any news?',
      reasonCode: 'DAMAGED',
      attachments: [file.uuid],
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ reasonCode: 'DAMAGED', reasonDisplay: 'Damaged goods' });
    expect(response.json().disputeNoteList.map((note: { note: string }) => note.note)).toEqual(['Any news?']);
    expect(response.json().disputeAttachmentList.map((item: { fileName: string }) => item.fileName)).toEqual([
      'more.txt',
    ]);
    expect(await storedActivityKinds(owner.customer.id)).toEqual([
      'DISPUTE_OPENED',
      'DISPUTE_REASON_CHANGED',
      'DISPUTE_NOTE_ADDED',
      'DISPUTE_ATTACHMENT_ADDED',
    ]);
  });

  it("refuses without TR_USER.ALLOW_PROB with the specification's message, changing nothing", async () => {
    const owner = await account();
    const { dispute } = await openDispute(owner);
    const reader = await account({
      roles: [Privilege.ALLOW_PROB_VIEW],
      colleagueOf: { customer: owner.customer },
    });
    const before = await storedDispute(dispute.id);

    const note = await reader.client.put(`/dispute/${dispute.probNo}`, { newNote: 'Let me in' });
    expect(expectError(note, 403, 'DISPUTE_FORBIDDEN').message).toBe(
      'You dont have Permission to update a dispute.',
    );
    const reason = await reader.client.put(`/dispute/${dispute.id}/reason`, { reasonCode: 'QTY' });
    expect(expectError(reason, 403, 'DISPUTE_FORBIDDEN').message).toBe(DISPUTE_MESSAGES.noPermission);

    expect(await storedDispute(dispute.id)).toEqual(before);
    expect(await storedNotes(dispute.id)).toEqual([]);
    expect(await storedActivityKinds(owner.customer.id)).toEqual(['DISPUTE_OPENED']);
  });

  it('changes the reason through dispute/{id}/reason and refuses an unknown one', async () => {
    const owner = await account();
    const { dispute } = await openDispute(owner);
    expect((await owner.client.get(`/dispute/${dispute.id}/reason`)).json()).toEqual({
      reasonCode: 'PRICE',
      reasonDisplay: 'Price difference',
    });
    const changed = await owner.client.put(`/dispute/${dispute.id}/reason`, { reasonCode: 'QTY' });
    expect(changed.json()).toEqual({ reasonCode: 'QTY', reasonDisplay: 'Quantity short' });
    const unknown = await owner.client.put(`/dispute/${dispute.id}/reason`, { reasonCode: 'NOPE' });
    expect(expectError(unknown, 400, 'DISPUTE_REASON').message).toBe(DISPUTE_MESSAGES.unknownReason);
    expect((await storedDispute(dispute.id)).reasonCode).toBe('QTY');
  });

  it('refuses a note over 2,000 characters and an upload of another customer', async () => {
    const owner = await account();
    const { dispute } = await openDispute(owner);
    const tooLong = await owner.client.put(`/dispute/${dispute.probNo}`, { newNote: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(DISPUTE_MESSAGES.noteTooLong);

    const stranger = await account();
    const foreignFile = await uploadText(stranger, 'theirs.txt', 'theirs');
    const attach = await owner.client.put(`/dispute/${dispute.probNo}`, { attachments: [foreignFile.uuid] });
    expect(expectError(attach, 400, 'DISPUTE_ATTACHMENT').message).toBe(DISPUTE_MESSAGES.unknownAttachment);
    expect(await storedNotes(dispute.id)).toEqual([]);
    expect((await owner.client.get(`/dispute/${dispute.probNo}`)).json().disputeAttachmentList).toEqual([]);
  });

  it('shows only exposed notes, newest first', async () => {
    const owner = await account();
    const { dispute } = await openDispute(owner, { newNote: 'First from us' });
    await context.database.db.insert(disputeNotes).values({
      disputeId: dispute.id,
      note: 'Internal: check with the warehouse',
      exposed: false,
      enteredBy: 'Collector',
      enteredOn: new Date(Date.now() + 1000),
    });
    await context.database.db.insert(disputeNotes).values({
      disputeId: dispute.id,
      note: 'We are looking into it',
      exposed: true,
      enteredBy: 'Collector',
      enteredOn: new Date(Date.now() + 2000),
    });
    const notes = (await owner.client.get(`/dispute/${dispute.id}/note`)).json();
    expect(notes.map((note: { note: string }) => note.note)).toEqual([
      'We are looking into it',
      'First from us',
    ]);
  });
});

describe('GET /dispute/assistance/{invNo}/{status}', () => {
  it('counts the invoice disputes and names the one to open', async () => {
    const owner = await account();
    const invoice = await owner.invoice({ amount: '300.00' });
    const check = () => owner.client.get(`/dispute/assistance/${invoice.invNo}/N`);
    expect((await check()).json()).toEqual({
      resolverNotAssociatedToDivision: false,
      disputeCount: 0,
      probNo: null,
      tranId: invoice.tranId,
    });
    const body = { invNo: invoice.invNo, style: 'other', disputedAmount: '10', reasonCode: 'PRICE' };
    const first = (await owner.client.post('/dispute/0', body)).json();
    expect((await check()).json()).toMatchObject({ disputeCount: 1, probNo: first.probNo });
    await owner.client.post('/dispute/0', body);
    expect((await check()).json()).toMatchObject({ disputeCount: 2, probNo: null });
    expectError(await owner.client.get('/dispute/assistance/NO-SUCH/N'), 404, 'NOT_FOUND');
  });
});

describe('GET /disputes (the grid)', () => {
  it('pages, sorts, totals and filters with its own allow-list; notes tooltip holds the latest 5 cut at 20', async () => {
    const owner = await account();
    const opened = [] as Array<{ probNo: number }>;
    for (const amount of ['30.00', '10.00', '20.00'])
      opened.push((await openDispute(owner, { disputedAmount: amount })).dispute);
    for (let n = 1; n <= 6; n++) {
      await owner.client.put(`/dispute/${opened[0]!.probNo}`, {
        newNote: `Note number ${n} is a rather long one`,
      });
    }

    const page = (await owner.client.get('/disputes?sort=disputedAmount&dir=asc&pageSize=2')).json();
    expect(page.total).toBe(3);
    expect(page.totals).toEqual({ count: 3, originalAmount: '600.00', disputedAmount: '60.00' });
    expect(page.rows.map((row: { disputedAmount: string }) => row.disputedAmount)).toEqual([
      '10.00',
      '20.00',
    ]);
    const second = (await owner.client.get('/disputes?sort=disputedAmount&dir=asc&pageSize=2&page=2')).json();
    const tooltip = second.rows[0].disputeNoteList.map((note: { note: string }) => note.note);
    expect(tooltip).toEqual([
      'Note number 6 is a r',
      'Note number 5 is a r',
      'Note number 4 is a r',
      'Note number 3 is a r',
      'Note number 2 is a r',
    ]);

    const filtered = (
      await owner.client.get(`/disputes?filter=${encodeURIComponent('disputedAmount ge 20')}`)
    ).json();
    expect(filtered.rows.map((row: { disputedAmount: string }) => row.disputedAmount).sort()).toEqual([
      '20.00',
      '30.00',
    ]);
    expectError(
      await owner.client.get(`/disputes?filter=${encodeURIComponent('balance gt 1')}`),
      400,
      'INVALID_FILTER',
    );
    // The grid's way: the page without its totals, and the totals from their own call.
    const ge20 = encodeURIComponent('disputedAmount ge 20');
    const separate = (await owner.client.get(`/disputes?filter=${ge20}&totals=separate`)).json();
    expect(separate).toMatchObject({ total: null, totals: null });
    expect(separate.rows).toHaveLength(2);
    expect((await owner.client.get(`/disputes/totals?filter=${ge20}`)).json()).toEqual({
      total: 2,
      totals: { count: 2, originalAmount: expect.any(String), disputedAmount: '50.00' },
    });
    expectError(
      await owner.client.get(`/disputes/totals?filter=${encodeURIComponent('balance gt 1')}`),
      400,
      'INVALID_FILTER',
    );

    const oneInvoice = (await owner.client.get('/disputes?invNo=INV-001')).json();
    expect(oneInvoice.rows).toHaveLength(1);
    expect(oneInvoice.rows[0]).toMatchObject({
      invNo: 'INV-001',
      status: 'UnIdentified',
      reasonDisplay: 'Price difference',
    });

    const stranger = await account();
    expect((await stranger.client.get('/disputes')).json().rows).toEqual([]);
    expectError(await stranger.client.get(`/disputes?custNo=${owner.customer.custNo}`), 404, 'NOT_FOUND');
    expectError(
      await stranger.client.get(`/disputes/totals?custNo=${owner.customer.custNo}`),
      404,
      'NOT_FOUND',
    );
  });

  it('keeps column preferences per user through dispute/columns, the invoices mechanism', async () => {
    const owner = await account();
    const defaults = (await owner.client.get('/dispute/columns')).json();
    expect(defaults.viewableColumns.map((column: { field: string }) => column.field)).toEqual([
      'invNo',
      'invoiceDate',
      'dueDate',
      'originalAmount',
      'disputedAmount',
      'status',
      'reasonDisplay',
      'notes',
    ]);
    const saved = await owner.client.put('/dispute/columns', {
      displayColumnPreference: [
        { colId: 'status', field: 'status', title: 'Status', dataType: 'string' },
        { colId: 'invNo', field: 'invNo', title: 'Invoice number', dataType: 'string' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await owner.client.get('/dispute/columns'))
        .json()
        .viewableColumns.map((column: { field: string }) => column.field),
    ).toEqual(['status', 'invNo']);
    expect((await owner.client.get('/invoices/columns')).json().viewableColumns.length).toBeGreaterThan(2);
    const unknown = await owner.client.put('/dispute/columns', {
      displayColumnPreference: [
        { colId: 'balance', field: 'balance', title: 'Balance', dataType: 'currency' },
      ],
    });
    expectError(unknown, 400, 'UNKNOWN_COLUMN');
  });

  it('answers the reason codes of the tenant', async () => {
    const owner = await account();
    expect((await owner.client.get('/dispute/reasonCodes')).json()).toEqual([
      { code: 'PRICE', description: 'Price difference' },
      { code: 'DAMAGED', description: 'Damaged goods' },
      { code: 'QTY', description: 'Quantity short' },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every dispute, upload and activity call', async () => {
    const owner = await account();
    const paths = Object.keys((await owner.client.get('/docs/json')).json().paths);
    for (const path of [
      '/dispute/{probNo}',
      '/dispute/assistance/{invNo}/{status}',
      '/dispute/reasonCodes',
      '/dispute/{id}/reason',
      '/dispute/{id}/note',
      '/dispute/attachment/{id}',
      '/dispute/columns',
      '/disputes',
      '/disputes/export/xlsx',
      '/disputes/export/pdf',
      '/upload/file',
      '/upload/fileMetaData/',
      '/invoices/activity/{invNo}',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
