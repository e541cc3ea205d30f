import { inflateRawSync } from 'node:zlib';

/**
 * A tiny .xlsx inspector for tests, independent of the writer (ExcelJS) and of the value
 * reader (read-excel-file, which does not report styles): it unzips the package with
 * node:zlib and reads the number format and boldness of cells, the frozen pane and the
 * column widths from the raw XML.
 */

/** Every entry of a zip archive (stored or deflated), from its central directory. */
export function unzip(archive: Buffer): Map<string, Buffer> {
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('Not a zip archive: no end of central directory');
  const entryCount = archive.readUInt16LE(end + 10);
  let cursor = archive.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < entryCount; index++) {
    if (archive.readUInt32LE(cursor) !== 0x02014b50) throw new Error('Broken central directory');
    const method = archive.readUInt16LE(cursor + 10);
    const compressedSize = archive.readUInt32LE(cursor + 20);
    const nameLength = archive.readUInt16LE(cursor + 28);
    const extraLength = archive.readUInt16LE(cursor + 30);
    const commentLength = archive.readUInt16LE(cursor + 32);
    const localOffset = archive.readUInt32LE(cursor + 42);
    const name = archive.subarray(cursor + 46, cursor + 46 + nameLength).toString('utf8');
    const localNameLength = archive.readUInt16LE(localOffset + 26);
    const localExtraLength = archive.readUInt16LE(localOffset + 28);
    const start = localOffset + 30 + localNameLength + localExtraLength;
    const data = archive.subarray(start, start + compressedSize);
    entries.set(name, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    cursor += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export type SheetStyles = {
  /** The number format code of a cell ('#,##0.00;[Red]-#,##0.00'), or builtin:<id>. */
  numberFormat: (ref: string) => string | undefined;
  bold: (ref: string) => boolean;
  frozen: { xSplit: number; ySplit: number; state: string | undefined } | undefined;
  columnWidths: number[];
};

export function readSheetStyles(archive: Buffer, sheetPath = 'xl/worksheets/sheet1.xml'): SheetStyles {
  const files = unzip(archive);
  const styles = files.get('xl/styles.xml')?.toString('utf8') ?? '';
  const sheet = files.get(sheetPath)?.toString('utf8');
  if (!sheet) throw new Error(`No ${sheetPath} in the workbook`);

  const formats = new Map<number, string>();
  for (const tag of styles.match(/<numFmt\s[^>]*\/>/g) ?? []) {
    formats.set(Number(attribute(tag, 'numFmtId')), unescapeXml(attribute(tag, 'formatCode') ?? ''));
  }
  const fontsXml = /<fonts[^>]*>([\s\S]*?)<\/fonts>/.exec(styles)?.[1] ?? '';
  const boldFonts = (fontsXml.match(/<font>[\s\S]*?<\/font>|<font\/>|<font\s[\s\S]*?<\/font>/g) ?? []).map(
    (font) => /<b\/>|<b\s/.test(font),
  );
  const xfsXml = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  const xfs = (xfsXml.match(/<xf\s[^>]*?(?:\/>|>)/g) ?? []).map((tag) => ({
    numFmtId: Number(attribute(tag, 'numFmtId') ?? 0),
    fontId: Number(attribute(tag, 'fontId') ?? 0),
  }));

  const cellStyle = new Map<string, number>();
  for (const tag of sheet.match(/<c\s[^>]*?(?:\/>|>)/g) ?? []) {
    const ref = attribute(tag, 'r');
    if (ref) cellStyle.set(ref, Number(attribute(tag, 's') ?? 0));
  }
  const xfOf = (ref: string) => xfs[cellStyle.get(ref) ?? 0];
  const pane = /<pane\s[^>]*\/>/.exec(sheet)?.[0];
  return {
    numberFormat: (ref) => {
      const xf = xfOf(ref);
      if (!xf || xf.numFmtId === 0) return undefined;
      return formats.get(xf.numFmtId) ?? `builtin:${xf.numFmtId}`;
    },
    bold: (ref) => {
      const xf = xfOf(ref);
      return xf ? (boldFonts[xf.fontId] ?? false) : false;
    },
    frozen: pane
      ? {
          xSplit: Number(attribute(pane, 'xSplit') ?? 0),
          ySplit: Number(attribute(pane, 'ySplit') ?? 0),
          state: attribute(pane, 'state'),
        }
      : undefined,
    // <col min max width> covers a range of columns; one width per column here.
    columnWidths: (sheet.match(/<col\s[^>]*\/>/g) ?? []).flatMap((tag) => {
      const span = Number(attribute(tag, 'max')) - Number(attribute(tag, 'min')) + 1;
      return Array.from({ length: span }, () => Number(attribute(tag, 'width')));
    }),
  };
}
