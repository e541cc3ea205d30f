import type { TUploadExtension } from '@settle/shared/rules/uploads';

/** What file-type may report for each allowed extension; 'text' means no binary signature and no NUL byte. */
const EXPECTED: Record<TUploadExtension, readonly string[]> = {
  txt: ['text'],
  eml: ['text'],
  pdf: ['pdf'],
  gif: ['gif'],
  bmp: ['bmp'],
  jpeg: ['jpg'],
  jpg: ['jpg'],
  jpe: ['jpg'],
  jps: ['jpg'],
  jfif: ['jpg'],
  'jfif-tbnl': ['jpg'],
  tif: ['tif'],
  tiff: ['tif'],
  // Office Open XML files are zip archives; file-type names them when it can read their parts.
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  zip: ['zip', 'docx', 'xlsx', 'pptx'],
  // Legacy Office files and Outlook messages are OLE compound files.
  doc: ['cfb'],
  xls: ['cfb'],
  msg: ['cfb'],
};

export const ZIP_KINDS = new Set(['zip', 'docx', 'xlsx', 'pptx']);

/** The detected kind of a stored file: file-type's extension, or 'text' when it has no signature and no NUL. */
export async function detectKind(filePath: string, hasNul: boolean): Promise<string> {
  // The signature tables are loaded by the first upload, not at start.
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(filePath);
  if (detected) return detected.ext;
  return hasNul ? 'binary' : 'text';
}

export function contentMatches(extension: TUploadExtension, kind: string): boolean {
  return EXPECTED[extension].includes(kind);
}
