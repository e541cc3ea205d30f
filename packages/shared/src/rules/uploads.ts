/** The upload rules of the specification, shared by the browser's queue and the server. */

export const UPLOAD_EXTENSIONS = [
  'txt',
  'pdf',
  'gif',
  'bmp',
  'jpeg',
  'jpg',
  'jpe',
  'jps',
  'tif',
  'tiff',
  'jfif',
  'jfif-tbnl',
  'docx',
  'xlsx',
  'doc',
  'xls',
  'zip',
  'msg',
  'eml',
] as const;
export type TUploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export const MAX_UPLOAD_QUEUE = 10;
export const DEFAULT_UPLOAD_MAX_FILE_MB = 50;

export const UPLOAD_MESSAGES = {
  invalidExtension: '{0} contains invalid file extension.',
  empty: '{0} is not allowed to upload as the file is empty',
  tooLarge: '{0} is not allowed, exceeds {1} Mb',
  queueFull: `At most ${MAX_UPLOAD_QUEUE} files can be uploaded at once.`,
  noFiles: 'No files to upload',
  unknownError: 'An unknown error occurred posting',
  contentMismatch: '{0} does not contain what its extension says.',
  invalidName: '{0} is not a valid file name.',
  storageUnavailable:
    'The file could not be stored: the storage is full or cannot be written. Nothing was saved; please try again later.',
  archiveRefused: '{0} is an archive that expands too much or holds too many entries.',
} as const;

export type UploadCheck = { ok: true; extension: TUploadExtension } | { ok: false; message: string };

const fill = (template: string, ...values: Array<string | number>) =>
  values.reduce<string>((text, value, index) => text.replace(`{${index}}`, String(value)), template);

/** The extension after the last dot, lower-cased; '' when there is none. */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(extension: string): extension is TUploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** A file name is metadata only; one that carries a path, control characters or nothing is refused. */
export function isSafeFileName(fileName: string): boolean {
  return (
    fileName.length > 0 &&
    fileName.length <= 255 &&
    ![...fileName].some(
      (char) => char === '/' || char === '\\' || char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127,
    ) &&
    fileName !== '.' &&
    !fileName.startsWith('..')
  );
}

/** One file against the extension, empty and size rules, in that order. */
export function checkUploadFile(file: { name: string; size: number }, maxFileMb: number): UploadCheck {
  const extension = fileExtension(file.name);
  if (!isAllowedExtension(extension))
    return { ok: false, message: fill(UPLOAD_MESSAGES.invalidExtension, file.name) };
  if (file.size <= 0) return { ok: false, message: fill(UPLOAD_MESSAGES.empty, file.name) };
  if (file.size > maxFileMb * 1024 * 1024)
    return { ok: false, message: fill(UPLOAD_MESSAGES.tooLarge, file.name, maxFileMb) };
  return { ok: true, extension };
}

/** How many more files the queue takes. */
export function queueRoom(queued: number): number {
  return Math.max(0, MAX_UPLOAD_QUEUE - queued);
}
