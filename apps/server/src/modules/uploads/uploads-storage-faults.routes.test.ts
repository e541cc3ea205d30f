import { createWriteStream, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@settle/shared/errors';
import { UPLOAD_MESSAGES } from '@settle/shared/rules/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../adapters/file-storage/file-storage';
import { createLocalFileStorage } from '../../adapters/file-storage/local-file-storage';
import { uploads } from '../../db/schema/uploads';
import { expectError } from '../../test/expect-error';
import { buildTenant } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';

const folders: string[] = [];
const contexts: TestContext[] = [];
function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'settle-storage-fault-'));
  folders.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

const filesIn = (directory: string) =>
  readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

/**
 * The real directory store, except that from the `failFrom`-th file on, the bytes are streamed into
 * /dev/full: the kernel's own "no space left on device" (ENOSPC) in the middle of a write.
 */
function storageFillingUp(root: string, failFrom: number): FileStorage {
  const local = createLocalFileStorage(root);
  let writes = 0;
  return {
    ...local,
    async write(content: Readable, options: { maxBytes: number }) {
      writes += 1;
      if (writes < failFrom) return local.write(content, options);
      await pipeline(content, createWriteStream('/dev/full'));
      throw new Error('/dev/full accepted the bytes');
    },
  };
}

async function uploadAs(context: TestContext, files: Parameters<typeof multipartBody>[0]) {
  const tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  const account = await signedInCustomer(context, tenantId);
  const body = multipartBody(files);
  const response = await account.client.request({ method: 'POST', url: '/upload/file', ...body });
  const rows = await context.database.db
    .select()
    .from(uploads)
    .where(eq(uploads.customerId, account.customer.id));
  return { response, rows };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('uploads when the file store cannot keep the bytes', () => {
  it('disk full (ENOSPC) on the second file: 507 with a clear message, no row, not even the first file', async () => {
    const root = folder();
    const context = await createTestApp({ UPLOAD_DIR: root }, undefined, {
      services: { fileStorage: storageFillingUp(root, 2) },
    });
    contexts.push(context);
    const { response, rows } = await uploadAs(context, [
      { name: 'first.pdf', content: PDF },
      { name: 'second.txt', content: 'x'.repeat(200_000) },
    ]);
    const body = expectError(response, 507, ErrorCode.STORAGE_UNAVAILABLE);
    expect(body.message).toBe(UPLOAD_MESSAGES.storageUnavailable);
    expect(rows).toEqual([]);
    expect(filesIn(root)).toEqual([]);
  });

  it('a store that cannot be written (its folder is under a file): 507, no row, nothing kept', async () => {
    const base = folder();
    writeFileSync(path.join(base, 'not-a-folder'), 'a file where the store should be');
    const root = path.join(base, 'not-a-folder', 'uploads');
    const context = await createTestApp({ UPLOAD_DIR: root });
    contexts.push(context);
    const { response, rows } = await uploadAs(context, [{ name: 'scan.pdf', content: PDF }]);
    expect(expectError(response, 507, ErrorCode.STORAGE_UNAVAILABLE).message).toBe(
      UPLOAD_MESSAGES.storageUnavailable,
    );
    expect(rows).toEqual([]);
    expect(filesIn(base).map((entry) => entry.name)).toEqual(['not-a-folder']);
  });
});
