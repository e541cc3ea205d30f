/** The content type a download is served with, by the upload's checked extension. */
const CONTENT_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  eml: 'message/rfc822',
  pdf: 'application/pdf',
  gif: 'image/gif',
  bmp: 'image/bmp',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  jpe: 'image/jpeg',
  jps: 'image/jpeg',
  jfif: 'image/jpeg',
  'jfif-tbnl': 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  zip: 'application/zip',
  msg: 'application/vnd.ms-outlook',
};

export function contentTypeOf(docType: string): string {
  return CONTENT_TYPES[docType] ?? 'application/octet-stream';
}
