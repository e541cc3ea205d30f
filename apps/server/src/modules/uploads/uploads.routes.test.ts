import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_MESSAGES } from '@settle/shared/rules/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/uploads';
import { expectError } from '../../test/expect-error';
import { buildTenant } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { type SignedInCustomer, signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildZip } from '../../test/zip-builder';

let context: TestContext;
let tenantId = 0;
let uploadDir = '';

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'settle-upload-test-'));
  context = await createTestApp({ UPLOAD_DIR: uploadDir, UPLOAD_MAX_FILE_MB: '1' });
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(async () => {
  await context.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20, 1)]);

function storedFiles(): string[] {
  return readdirSync(uploadDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

const storedRows = (customerId: number) =>
  context.database.db.select().from(uploads).where(eq(uploads.customerId, customerId));

function upload(
  account: SignedInCustomer,
  files: Parameters<typeof multipartBody>[0],
  options: { csrf?: boolean } = {},
) {
  const body = multipartBody(files);
  return account.client.request({ method: 'POST', url: '/upload/file', ...body, csrf: options.csrf });
}

/** Sends a hostile request and checks that it is refused with its message and left nothing behind. */
async function expectRefusedAndNothingStored(
  files: Parameters<typeof multipartBody>[0],
  code: string,
  message: string,
) {
  const account = await signedInCustomer(context, tenantId);
  const filesBefore = storedFiles().length;
  const response = await upload(account, files);
  expect(expectError(response, 400, code).message).toBe(message);
  expect(await storedRows(account.customer.id)).toEqual([]);
  expect(storedFiles()).toHaveLength(filesBefore);
}

describe('POST /upload/file', () => {
  it('stores accepted files for the current customer, streamed to the storage, with size and digest', async () => {
    const account = await signedInCustomer(context, tenantId);
    const response = await upload(account, [
      { name: 'Invoice scan.PDF', content: PDF },
      { name: 'notes.txt', content: 'Delivered 3 of 5 boxes.\n' },
      { name: 'photo.gif', content: GIF },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const files = response.json().files;
    expect(
      files.map((file: { fileName: string; docType: string; size: number }) => [
        file.fileName,
        file.docType,
        file.size,
      ]),
    ).toEqual([
      ['Invoice scan.PDF', 'pdf', PDF.length],
      ['notes.txt', 'txt', 24],
      ['photo.gif', 'gif', GIF.length],
    ]);
    const rows = await storedRows(account.customer.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.storageKey).toMatch(/^[0-9a-f]{32}$/);
      expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(storedFiles()).toContain(row.storageKey);
    }
  });

  it('answers maxFileSize in MB', async () => {
    const account = await signedInCustomer(context, tenantId);
    expect((await account.client.get('/upload/fileMetaData/')).json()).toEqual({ maxFileSize: 1 });
  });

  it('refuses an invalid extension', () =>
    expectRefusedAndNothingStored(
      [{ name: 'run.exe', content: 'MZ' }],
      'UPLOAD_EXTENSION',
      'run.exe contains invalid file extension.',
    ));

  it('refuses content that does not match its extension (magic bytes), the good file of the request included', () =>
    expectRefusedAndNothingStored(
      [
        { name: 'fine.pdf', content: PDF },
        { name: 'fake.pdf', content: 'just text pretending' },
      ],
      'UPLOAD_CONTENT_MISMATCH',
      'fake.pdf does not contain what its extension says.',
    ));

  it('refuses a text file holding binary content', () =>
    expectRefusedAndNothingStored(
      [{ name: 'readme.txt', content: Buffer.from([0x4d, 0x5a, 0x00, 0x01, 0x02]) }],
      'UPLOAD_CONTENT_MISMATCH',
      'readme.txt does not contain what its extension says.',
    ));

  it('refuses an empty file', () =>
    expectRefusedAndNothingStored(
      [{ name: 'empty.txt', content: '' }],
      'UPLOAD_EMPTY',
      'empty.txt is not allowed to upload as the file is empty',
    ));

  it('refuses a file over the limit', () =>
    expectRefusedAndNothingStored(
      [{ name: 'big.txt', content: Buffer.alloc(1024 * 1024 + 1, 'a') }],
      'UPLOAD_TOO_LARGE',
      'big.txt is not allowed, exceeds 1 Mb',
    ));

  it('refuses an 11th file in one request', () =>
    expectRefusedAndNothingStored(
      Array.from({ length: 11 }, (_, index) => ({
        name: `part-${index + 1}.txt`,
        content: `file ${index + 1}`,
      })),
      'UPLOAD_QUEUE_FULL',
      UPLOAD_MESSAGES.queueFull,
    ));

  it('refuses a name that carries a path', () =>
    expectRefusedAndNothingStored(
      [{ name: '../../etc/cron.d/evil.txt', content: 'x' }],
      'UPLOAD_NAME',
      '../../etc/cron.d/evil.txt is not a valid file name.',
    ));

  it('refuses a zip bomb (an expansion far beyond its size), read from the central directory only', () =>
    expectRefusedAndNothingStored(
      [
        {
          name: 'invoices.zip',
          content: buildZip([{ name: 'zeros.bin', content: Buffer.alloc(20 * 1024 * 1024) }]),
        },
      ],
      'UPLOAD_ARCHIVE_REFUSED',
      'invoices.zip is an archive that expands too much or holds too many entries.',
    ));

  it('accepts an ordinary zip archive', async () => {
    const account = await signedInCustomer(context, tenantId);
    const zip = buildZip([
      { name: 'a.txt', content: Buffer.from('first') },
      { name: 'b.txt', content: Buffer.from('second') },
    ]);
    const response = await upload(account, [{ name: 'receipts.zip', content: zip }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedRows(account.customer.id)).toHaveLength(1);
  });

  it("answers 'No files to upload' to a request without files", () =>
    expectRefusedAndNothingStored([], 'UPLOAD_NO_FILES', 'No files to upload'));

  it('needs the X-XSRF-TOKEN header like every write', async () => {
    const account = await signedInCustomer(context, tenantId);
    const response = await upload(account, [{ name: 'notes.txt', content: 'hello' }], { csrf: false });
    expectError(response, 403, 'CSRF_REJECTED');
    expect(await storedRows(account.customer.id)).toEqual([]);
  });
});
