import { ActionIcon, Divider, Group, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Dispatch, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '../../../lib/use-user-data';
import { PAGE_INPUT_MAX_LENGTH, type ViewerAction, type ViewerState } from '../hooks/use-viewer-state';
import { MAX_ZOOM, MIN_ZOOM } from '../lib/viewer-config';
import {
  DownloadIcon,
  FirstPageIcon,
  LastPageIcon,
  NextPageIcon,
  PreviousPageIcon,
  PrintIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from './viewer-icons';

interface ToolButtonProps {
  label: string;
  testId: string;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, testId, disabled, loading, onClick, children }: ToolButtonProps) {
  return (
    <Tooltip label={label} withinPortal={false} openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        data-testid={testId}
        disabled={disabled}
        loading={loading}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export interface ViewerToolbarProps {
  state: ViewerState;
  dispatch: Dispatch<ViewerAction>;
  /** False until the file has arrived. */
  canDownload: boolean;
  /** False until the document is loaded, and while a print is being prepared. */
  canPrint: boolean;
  /** The pages are being drawn for the printer. */
  printing: boolean;
  onDownload: () => void;
  onPrint: () => void;
}

export function ViewerToolbar({
  state,
  dispatch,
  canDownload,
  canPrint,
  printing,
  onDownload,
  onPrint,
}: ViewerToolbarProps) {
  const { t, i18n } = useTranslation('documents');
  const locale = useUserData()?.localeForFormatting || i18n.language;
  const zoomText = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    state.zoom,
  );
  const loaded = state.total > 0;
  const atFirst = !loaded || state.page <= 1;
  const atLast = !loaded || state.page >= state.total;

  return (
    <Group
      role="toolbar"
      aria-label={t('toolbar')}
      gap={4}
      wrap="wrap"
      justify="center"
      py={4}
      data-testid="viewer-toolbar"
    >
      <ToolButton
        label={t('firstPage')}
        testId="viewer-first"
        disabled={atFirst}
        onClick={() => dispatch({ type: 'first' })}
      >
        <FirstPageIcon />
      </ToolButton>
      <ToolButton
        label={t('previousPage')}
        testId="viewer-prev"
        disabled={atFirst}
        onClick={() => dispatch({ type: 'previous' })}
      >
        <PreviousPageIcon />
      </ToolButton>
      <Group gap={6} wrap="nowrap">
        <TextInput
          aria-label={t('pageNumber')}
          data-testid="viewer-page-input"
          value={state.pageInput}
          maxLength={PAGE_INPUT_MAX_LENGTH}
          inputMode="numeric"
          autoComplete="off"
          size="xs"
          w={56}
          styles={{ input: { textAlign: 'center' } }}
          disabled={!loaded}
          onChange={(event) => dispatch({ type: 'pageInputChanged', value: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              dispatch({ type: 'pageInputCommitted' });
            }
          }}
          onBlur={() => dispatch({ type: 'pageInputCommitted' })}
        />
        <Text size="sm" c="dimmed" data-testid="viewer-page-total" style={{ whiteSpace: 'nowrap' }}>
          {t('ofTotal', { total: state.total })}
        </Text>
      </Group>
      <ToolButton
        label={t('nextPage')}
        testId="viewer-next"
        disabled={atLast}
        onClick={() => dispatch({ type: 'next' })}
      >
        <NextPageIcon />
      </ToolButton>
      <ToolButton
        label={t('lastPage')}
        testId="viewer-last"
        disabled={atLast}
        onClick={() => dispatch({ type: 'last' })}
      >
        <LastPageIcon />
      </ToolButton>
      <Divider orientation="vertical" mx={4} />
      <ToolButton
        label={t('zoomOut')}
        testId="viewer-zoom-out"
        disabled={state.zoom <= MIN_ZOOM}
        onClick={() => dispatch({ type: 'zoomOut' })}
      >
        <ZoomOutIcon />
      </ToolButton>
      <Text
        size="sm"
        w={52}
        ta="center"
        title={t('zoomLevel')}
        data-testid="viewer-zoom-level"
        style={{ whiteSpace: 'nowrap' }}
      >
        {zoomText}
      </Text>
      <ToolButton
        label={t('zoomIn')}
        testId="viewer-zoom-in"
        disabled={state.zoom >= MAX_ZOOM}
        onClick={() => dispatch({ type: 'zoomIn' })}
      >
        <ZoomInIcon />
      </ToolButton>
      <Divider orientation="vertical" mx={4} />
      <ToolButton label={t('download')} testId="viewer-download" disabled={!canDownload} onClick={onDownload}>
        <DownloadIcon />
      </ToolButton>
      <ToolButton
        label={t('print')}
        testId="viewer-print"
        disabled={!canPrint}
        loading={printing}
        onClick={onPrint}
      >
        <PrintIcon />
      </ToolButton>
      {/* Screen readers hear where they are after each move. */}
      <VisuallyHidden role="status" aria-live="polite">
        {loaded ? t('pageOf', { page: state.page, total: state.total }) : ''}
      </VisuallyHidden>
    </Group>
  );
}
