import ExcelJS from 'exceljs';

/**
 * What a test checks of an .xlsx beyond its values (read-excel-file reads those but reports
 * no styles): the number format and boldness of cells, the frozen pane and the column
 * widths, read back with ExcelJS's workbook reader (the export writes with its streaming
 * writer, a separate code path).
 */
export type SheetStyles = {
  /** The number format code of a cell ('#,##0.00;[Red]-#,##0.00'); undefined for General. */
  numberFormat: (ref: string) => string | undefined;
  bold: (ref: string) => boolean;
  frozen: { xSplit: number; ySplit: number; state: string | undefined } | undefined;
  columnWidths: number[];
};

/** The styles of a workbook's sheet, the first by default (numbered from 1). */
export async function readSheetStyles(archive: Buffer, sheetNumber = 1): Promise<SheetStyles> {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS's types ask for its own Buffer type; a Node Buffer is what it reads.
  await workbook.xlsx.load(archive as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[sheetNumber - 1];
  if (!sheet) throw new Error(`No sheet ${sheetNumber} in the workbook`);

  const pane = sheet.views.find((view) => view.state === 'frozen' || view.state === 'split');
  return {
    numberFormat: (ref) => sheet.getCell(ref).numFmt || undefined,
    bold: (ref) => sheet.getCell(ref).font?.bold === true,
    frozen: pane
      ? {
          xSplit: 'xSplit' in pane ? (pane.xSplit ?? 0) : 0,
          ySplit: 'ySplit' in pane ? (pane.ySplit ?? 0) : 0,
          state: pane.state,
        }
      : undefined,
    columnWidths: (sheet.columns ?? []).map((column) => column.width ?? Number.NaN),
  };
}
