import { z } from 'zod';

/**
 * Uploads (under {api}):
 * - POST upload/file            multipart/form-data, one or more parts named "file" (at most
 *                               MAX_UPLOAD_QUEUE), an optional "description" field before them;
 *                               the X-XSRF-TOKEN header like every write. Answers ZUploadResponse.
 * - GET  upload/fileMetaData/   ZUploadMetaData: maxFileSize in MB.
 * An upload belongs to the user's current customer; a dispute create/update attaches it by uuid.
 */

export const ZUploadMetaData = z
  .object({ maxFileSize: z.number().int().meta({ description: 'In MB' }) })
  .meta({
    id: 'UploadMetaData',
  });
export type TUploadMetaData = z.infer<typeof ZUploadMetaData>;

export const ZUploadedFile = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    fileName: z.string(),
    docType: z.string().meta({ description: 'The lower-cased extension' }),
    size: z.number().int(),
    description: z.string(),
    creatorName: z.string(),
    createdOn: z.string(),
  })
  .meta({ id: 'UploadedFile' });
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const ZUploadResponse = z.object({ files: z.array(ZUploadedFile) }).meta({ id: 'UploadResponse' });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
