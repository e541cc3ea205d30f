import { Alert, Button, Group, Loader, Paper, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../lib/api-error';
import { useFormatters } from '../../lib/use-formatters';
import {
  type ExportedFile,
  type ExportFormat,
  type ExportRequest,
  type ExportScope,
  type GridExportTarget,
  useGridExport,
} from './export-file';
import { DownloadIcon, PrintIcon } from './grid-icons';

/** How long a printed grid's PDF stays addressable in its tab's blob URL. */
const PRINT_URL_LIFETIME_MS = 10 * 60_000;

function saveFile(file: ExportedFile) {
  const url = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Excel (this page or every matching row) and PDF exports of the grid as the user sees it
 * (its filter, sort and shown columns), and Print: the grid's PDF (this page) opened in a new
 * tab, where the browser's PDF viewer prints it. A window.print() of the page would print the
 * app's chrome and only the rows on screen; the PDF has a header, the totals and clean pages.
 */
export function ExportControls(props: {
  target: GridExportTarget;
  /** The grid's list query, as its list call sends it. */
  query: Record<string, string | undefined>;
  columns: string[];
  disabled: boolean;
  /** The feature's namespace holding the `export.*` texts that name what is exported (help, progress). */
  ns: string;
  translateError: (t: TFunction, error: unknown) => string;
}) {
  const { ns } = props;
  const { t } = useTranslation([ns, 'grid', 'errors']);
  const { n0, n2 } = useFormatters();
  const exporter = useGridExport(props.target);
  const { state } = exporter;
  const running = state.phase === 'running';

  const request = (format: ExportFormat, scope: ExportScope): ExportRequest => ({
    format,
    scope,
    query: props.query,
    columns: props.columns,
  });

  const download = async (format: ExportFormat, scope: ExportScope) => {
    const file = await exporter.run(request(format, scope));
    if (file) saveFile(file);
  };

  const print = async () => {
    // Opened now, inside the click, so that no pop-up blocker stops it; filled when the PDF is in.
    const tab = window.open('', '_blank');
    tab?.document.write(`<p style="font-family:sans-serif">${t('grid:export.preparing')}</p>`);
    const file = await exporter.run(request('pdf', 'page'));
    if (!file) {
      tab?.close();
      return;
    }
    if (!tab || tab.closed) {
      saveFile(file);
      notifications.show({ color: 'yellow', message: t('grid:export.popupBlocked') });
      return;
    }
    const url = URL.createObjectURL(file.blob);
    tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), PRINT_URL_LIFETIME_MS);
  };

  const sizeText = (bytes: number) =>
    bytes < 1024 * 1024
      ? t('grid:export.kilobytes', { size: n0(Math.ceil(bytes / 1024)) })
      : t('grid:export.megabytes', { size: n2(bytes / (1024 * 1024)) });

  const formatLabel = (format: ExportFormat) =>
    t(format === 'xlsx' ? 'grid:export.excel' : 'grid:export.pdf');

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Tooltip label={t(`${ns}:export.excelPageHelp`)} openDelay={300}>
          <Button
            variant="default"
            size="xs"
            leftSection={<DownloadIcon size={16} />}
            onClick={() => void download('xlsx', 'page')}
            disabled={props.disabled || running}
            data-testid="export-excel-page"
          >
            {t('grid:export.excelPage')}
          </Button>
        </Tooltip>
        <Tooltip label={t(`${ns}:export.excelAllHelp`)} openDelay={300}>
          <Button
            variant="default"
            size="xs"
            leftSection={<DownloadIcon size={16} />}
            onClick={() => void download('xlsx', 'all')}
            disabled={props.disabled || running}
            data-testid="export-excel-all"
          >
            {t('grid:export.excelAll')}
          </Button>
        </Tooltip>
        <Tooltip label={t(`${ns}:export.pdfHelp`)} openDelay={300}>
          <Button
            variant="default"
            size="xs"
            leftSection={<DownloadIcon size={16} />}
            onClick={() => void download('pdf', 'all')}
            disabled={props.disabled || running}
            data-testid="export-pdf"
          >
            {t('grid:export.pdf')}
          </Button>
        </Tooltip>
        <Tooltip label={t('grid:export.printHelp')} openDelay={300}>
          <Button
            variant="default"
            size="xs"
            leftSection={<PrintIcon size={16} />}
            onClick={() => void print()}
            disabled={props.disabled || running}
            data-testid="print-grid"
          >
            {t('grid:export.print')}
          </Button>
        </Tooltip>
      </Group>
      {state.phase === 'running' ? (
        <Paper withBorder p="xs" radius="sm" data-testid="export-progress" role="status" aria-live="polite">
          <Group gap="sm" wrap="nowrap">
            <Loader size="xs" />
            <Text size="sm" style={{ flex: 1 }}>
              {state.progress.total === null
                ? t('grid:export.starting', { format: formatLabel(state.request.format) })
                : t(`${ns}:export.progress`, {
                    count: state.progress.total,
                    rows: n0(state.progress.total),
                    format: formatLabel(state.request.format),
                    size: sizeText(state.progress.bytes),
                  })}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={exporter.cancel} data-testid="export-cancel">
              {t('grid:cancel')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {state.phase === 'failed' && !isSessionEndingError(state.error) ? (
        <Alert
          color="red"
          title={t('grid:export.failed')}
          withCloseButton
          onClose={exporter.dismiss}
          data-testid="export-error"
        >
          {props.translateError(t, state.error)}
        </Alert>
      ) : null}
    </>
  );
}
