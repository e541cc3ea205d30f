import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@settle/shared/errors';
import {
  checkUploadFile,
  fileExtension,
  isAllowedExtension,
  isSafeFileName,
  MAX_UPLOAD_QUEUE,
  type TUploadExtension,
  UPLOAD_MESSAGES,
} from '@settle/shared/rules/uploads';
import type { TUploadedFile, TUploadMetaData, TUploadResponse } from '@settle/shared/uploads';
import type { FileStorage, StoredFile } from '../../adapters/file-storage/file-storage';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/actor';
import { AppError, badRequest } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import { contentMatches, detectKind, ZIP_KINDS } from './content-check';
import * as repository from './uploads.repository';
import { inspectZip } from './zip-inspection';

export type UploadsService = ReturnType<typeof createUploadsService>;

/** One part of a multipart body, as @fastify/multipart yields it. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

const fill = (template: string, ...values: Array<string | number>) =>
  values.reduce<string>((text, value, index) => text.replace(`{${index}}`, String(value)), template);

function refuse(message: string, code: string) {
  return badRequest(message, [{ field: 'file', message }], code);
}

/** What a file store answers when it cannot keep bytes: full, over quota, read-only, not a folder. */
const STORAGE_FAILURES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOTDIR',
  'EEXIST',
  'EIO',
]);

/**
 * Streams one part into the store; a store that refuses (disk full, unwritable) answers 507 with a
 * clear message, the rest of the body is drained, and the store has already removed its partial file.
 */
async function writeToStorage(
  storage: FileStorage,
  content: Readable,
  maxBytes: number,
): Promise<StoredFile> {
  try {
    return await storage.write(content, { maxBytes });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code || !STORAGE_FAILURES.has(code)) throw error;
    content.resume();
    throw new AppError({
      statusCode: 507,
      code: ErrorCode.STORAGE_UNAVAILABLE,
      message: UPLOAD_MESSAGES.storageUnavailable,
    });
  }
}

export function toUploadedFile(row: repository.UploadRow): TUploadedFile {
  return {
    id: row.id,
    uuid: row.uuid,
    fileName: row.fileName,
    docType: row.docType,
    size: row.size,
    description: row.description,
    creatorName: row.creatorName,
    createdOn: row.createdAt.toISOString(),
  };
}

/**
 * Uploads: streamed to the file storage, checked (name, extension, size, content against
 * the extension, archives' expansion), and recorded for the user's current customer. All or
 * nothing per request: one refused file removes every file of the request and stores no row.
 */
export function createUploadsService(
  db: Db,
  accounts: AccountsService,
  storage: FileStorage,
  options: { maxFileMb: number },
) {
  const maxBytes = options.maxFileMb * 1024 * 1024;

  async function checkStored(extension: TUploadExtension, name: string, file: StoredFile) {
    const sized = checkUploadFile(
      { name, size: file.truncated ? maxBytes + 1 : file.size },
      options.maxFileMb,
    );
    if (!sized.ok) throw refuse(sized.message, file.size === 0 ? 'UPLOAD_EMPTY' : 'UPLOAD_TOO_LARGE');
    const kind = await detectKind(storage.pathOf(file.key), file.hasNul);
    if (!contentMatches(extension, kind))
      throw refuse(fill(UPLOAD_MESSAGES.contentMismatch, name), 'UPLOAD_CONTENT_MISMATCH');
    if (ZIP_KINDS.has(kind)) {
      const verdict = await inspectZip(storage.pathOf(file.key), file.size);
      if (!verdict.ok) throw refuse(fill(UPLOAD_MESSAGES.archiveRefused, name), 'UPLOAD_ARCHIVE_REFUSED');
    }
  }

  return {
    metaData(): TUploadMetaData {
      return { maxFileSize: options.maxFileMb };
    },

    async receive(session: SessionContext, parts: AsyncIterable<UploadPart>): Promise<TUploadResponse> {
      const { customer } = await resolveCustomerScope(accounts, session, {});
      const accepted: Array<{ name: string; extension: TUploadExtension; file: StoredFile }> = [];
      let description = '';
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'description') description = String(part.value).slice(0, 500);
            continue;
          }
          if (accepted.length >= MAX_UPLOAD_QUEUE) {
            part.file.resume();
            throw refuse(UPLOAD_MESSAGES.queueFull, 'UPLOAD_QUEUE_FULL');
          }
          const name = part.filename;
          if (!isSafeFileName(name)) {
            part.file.resume();
            throw refuse(fill(UPLOAD_MESSAGES.invalidName, name), 'UPLOAD_NAME');
          }
          const extension = fileExtension(name);
          if (!isAllowedExtension(extension)) {
            part.file.resume();
            throw refuse(fill(UPLOAD_MESSAGES.invalidExtension, name), 'UPLOAD_EXTENSION');
          }
          const file = await writeToStorage(storage, part.file, maxBytes);
          if (part.file.truncated) file.truncated = true;
          accepted.push({ name, extension, file });
          await checkStored(extension, name, file);
        }
        if (accepted.length === 0) throw refuse(UPLOAD_MESSAGES.noFiles, 'UPLOAD_NO_FILES');
        const actor = actorOf(session);
        const rows = await repository.insertUploads(
          db,
          accepted.map(({ name, extension, file }) => ({
            tenantId: session.tenantId,
            customerId: customer.id,
            uuid: randomUUID(),
            fileName: name,
            docType: extension,
            description,
            size: file.size,
            sha256: file.sha256,
            storageKey: file.key,
            createdBy: actor.actorId,
            creatorName: actor.actorName,
          })),
        );
        return { files: rows.map(toUploadedFile) };
      } catch (error) {
        await Promise.all(accepted.map(({ file }) => storage.remove(file.key)));
        throw error;
      }
    },

    /** A customer's uploads by uuid, for a module that attaches them (inside its transaction). */
    findForCustomer(tx: Db, customerId: number, uuids: string[]) {
      return repository.findCustomerUploads(tx, customerId, uuids);
    },

    findById(id: number) {
      return repository.findUploadById(db, id);
    },

    open(row: repository.UploadRow): Readable {
      return storage.read(row.storageKey);
    },
  };
}
